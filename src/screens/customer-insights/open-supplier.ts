import type { ApiUnitListing } from '../../../shared/api.ts';
import type { SupplierRow } from '../../../shared/benchmarking/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { apiGetPaged } from '../../core/api/client.ts';

/** The most units one search of Select Farm answers (the server's page limit). */
const SEARCH_PAGE = 100;

/**
 * Opens a supplying unit as Select Farm does (src/screens/units-list): its farm becomes the
 * account, then the unit. The insights row names no farm id, so the farm is found through Select
 * Farm's own list, searched by the unit's name (the rule units-list, which the Open button
 * needs). Resolves false when the unit cannot be opened (its failure is reported).
 */
export async function openSupplier(row: SupplierRow): Promise<boolean> {
  const found = await apiGetPaged<ApiUnitListing>(
    '/accounts/units',
    { page: 1, perPage: SEARCH_PAGE },
    { search: row.unit },
  );
  const listing = found.records.find((u) => u.unit_id === row.unitId);
  if (!listing) throw new Error(`${row.unit} could not be found in Select Farm.`);
  const account = useAccount.getState();
  if (!(await account.loadFarm(listing.farm_id))) return false;
  if (useAccount.getState().unit?.id !== row.unitId) account.selectUnit(row.unitId);
  return true;
}
