import { useMemo } from 'react';
import { availableFeatures, hasSeveralPlans, hasSeveralUnits } from '../core/account/account.ts';
import { useAccount } from '../core/account/account-store.ts';
import { useSession } from '../core/session/session-store.ts';
import { useBrandingContent } from '../core/branding/use-branding-content.ts';
import {
  accessibleFeatures,
  isAuthenticated,
  worksForACompany,
  type User,
} from '../core/session/user.ts';
import type { ContextFlag } from './conditions.ts';
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
  const farm = useAccount((s) => s.farm);
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const { data: content } = useBrandingContent();
  const hasHelp = Boolean(content?.help_page_content);
  const hasContact = Boolean(content?.contact_us_page_content);
  return useMemo(() => {
    const context: ContextFlag[] = [];
    if (isAuthenticated(user)) context.push(worksForACompany(user) ? 'company_user' : 'farm_user');
    if (unit) context.push('unit_selected');
    if (plan) context.push('plan_selected');
    if (hasSeveralUnits({ farm, unit, plan })) context.push('several_units');
    if (hasSeveralPlans({ farm, unit, plan })) context.push('several_plans');
    if (hasHelp) context.push('has_help_content');
    if (hasContact) context.push('has_contact_content');
    return availableFlags({
      ...flagInputs(user, availableFeatures({ farm: null, unit, plan }), plan),
      context,
    });
  }, [user, farm, unit, plan, hasHelp, hasContact]);
}
