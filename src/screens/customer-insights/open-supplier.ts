import type { SupplierRow } from '../../../shared/benchmarking/api.ts';
import { useAccount } from '../../core/account/account-store.ts';

/**
 * Opens a supplying unit as Select Farm does (src/screens/units-list): its farm becomes the
 * account, then the unit. Resolves false when the farm cannot be opened (its failure is
 * reported by the account store).
 */
export async function openSupplier(row: SupplierRow): Promise<boolean> {
  const account = useAccount.getState();
  if (!(await account.loadFarm(row.farmId))) return false;
  if (useAccount.getState().unit?.id !== row.unitId) account.selectUnit(row.unitId);
  return true;
}
