import { useMemo } from 'react';
import { availableFeatures } from '../core/account/account.ts';
import { useAccount } from '../core/account/account-store.ts';
import { useSession } from '../core/session/session-store.ts';
import { accessibleFeatures, worksForACompany, type User } from '../core/session/user.ts';
import type { ApiPackage } from '../../shared/api.ts';
import { availableFlags, type FlagInputs } from './features.ts';

/** The inputs of the flags: the user's permissions and the active plan (spec section 6). */
export function flagInputs(
  user: User,
  planFeatures: readonly string[],
  plan: ApiPackage | null,
): FlagInputs {
  const company = worksForACompany(user);
  return {
    userFeatures: accessibleFeatures(user),
    planFeatures,
    provider: company
      ? user.provider
      : plan
        ? { id: plan.provider_id, reference: plan.provider_reference }
        : null,
    businessRole: company ? user.business.sub_type : 0,
  };
}

/** The available flags, recomputed whenever the user's or the plan's features change. */
export function useAvailableFlags(): ReadonlySet<string> {
  const user = useSession((s) => s.user);
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  return useMemo(
    () => availableFlags(flagInputs(user, availableFeatures({ farm: null, unit, plan }), plan)),
    [user, unit, plan],
  );
}
