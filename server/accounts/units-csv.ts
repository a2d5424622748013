import type { CsvColumn } from '../export/csv-export.ts';
import type { ListingRow } from './units-query.ts';

/**
 * What each unit's card on Select Farm shows, one fact a column so that a spreadsheet can sort
 * and filter by it, after the ids: the unit, its farm, the main contact, the postal address and
 * the badges (unit type, the plans of the user's provider, what the unit supports).
 */
export const unitsCsvColumns: readonly CsvColumn<ListingRow>[] = [
  { title: 'Unit ID', value: (row) => row.unit_id },
  { title: 'Unit', value: (row) => row.unit_name },
  { title: 'Farm ID', value: (row) => row.farm_id },
  { title: 'Farm', value: (row) => row.farm_name },
  { title: 'Main contact first name', value: (row) => row.contact_first_name },
  { title: 'Main contact last name', value: (row) => row.contact_last_name },
  { title: 'Address line 1', value: (row) => row.address_line1 },
  { title: 'Address line 2', value: (row) => row.address_line2 },
  { title: 'Town', value: (row) => row.town },
  { title: 'County', value: (row) => row.county },
  { title: 'Postcode', value: (row) => row.postcode },
  { title: 'Unit type', value: (row) => row.unit_type_name },
  { title: 'Plans', value: (row) => (row.plans ?? []).join('; ') },
  {
    title: 'Supports',
    value: (row) =>
      [row.supports_mifarm && 'MiFarm', row.supports_bcms_cts && 'BCMS CTS']
        .filter(Boolean)
        .join('; '),
  },
];
