import { useAccount } from '../../core/account/account-store.ts';
import type { OutboxTarget } from '../../core/outbox/outbox-item.ts';

/**
 * Where a record write is made, for the outbox: this page, on the active farm, unit and plan, so
 * that a refused one opens here again to be fixed. None when no plan is active.
 */
export function recordTarget(
  recordType: string,
  unitId: number,
  recordId?: number,
): OutboxTarget | undefined {
  const { farm, plan } = useAccount.getState();
  if (!farm || !plan) return undefined;
  return {
    kind: 'record',
    route: window.location.pathname,
    farmId: farm.id,
    unitId,
    planId: plan.id,
    recordType,
    ...(recordId !== undefined && { recordId }),
  };
}
