import type { ApiRead } from '../api/started-reads.ts';

/** The read of a farm's details, its units and their plans: how the active account loads a farm. */
export const farmDetailsRead = (farmId: number): ApiRead => [
  '/accounts/farms/',
  { api_action: 'get_farm_unit_and_package_details', id: farmId },
];
