import { useMemo } from 'react';
import type { QueryParams } from '../api/client.ts';
import { useAccount } from './account-store.ts';

/**
 * The unit and plan the user works in, as query parameters for calls whose path names no unit
 * (articles): the server evaluates the screen's rule for exactly this selection, as the menu did.
 */
export function useAccessScope(): QueryParams {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  return useMemo(
    () => ({
      ...(unit ? { unit: String(unit.id) } : {}),
      ...(unit && plan ? { plan: String(plan.id) } : {}),
    }),
    [unit, plan],
  );
}
