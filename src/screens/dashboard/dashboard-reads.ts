import type { ApiRead } from '../../core/api/started-reads.ts';

/**
 * The dashboard's reads of a unit under a plan, named once for the screen and for the reads a
 * reload starts before the screen has loaded (src/screens/index.ts).
 */
export const unitDashboardRead = (unitId: number, planId: number | null): ApiRead => [
  `/units/${String(unitId)}/dashboard`,
  planId === null ? {} : { plan: String(planId) },
];

export const unitSummaryRead = (unitId: number, planId: number): ApiRead => [
  `/accounts/units/${String(unitId)}/summary/${String(planId)}`,
];
