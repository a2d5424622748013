import type { ApiFarm, ApiPackage, ApiUnit } from '../../shared/api.ts';
import { availableFeatures, hasSeveralPlans, hasSeveralUnits } from '../core/account/account.ts';
import {
  accessibleFeatures,
  isAuthenticated,
  worksForACompany,
  type User,
} from '../core/session/user.ts';
import type { ContextFlag } from './conditions.ts';
import { availableFlags } from './features.ts';

/** Everything the available flags depend on: the user, the active account and the brand's content. */
export interface SessionState {
  user: User;
  farm: ApiFarm | null;
  unit: ApiUnit | null;
  plan: ApiPackage | null;
  hasHelpContent: boolean;
  hasContactContent: boolean;
}

/**
 * The flags menus and routes test (spec section 6): the user's permitted features, the plan's
 * features, the provider (company staff: their own; farm users: the selected plan's) and the
 * business role, plus the engine's context flags.
 */
export function sessionFlags(state: SessionState): ReadonlySet<string> {
  const { user, farm, unit, plan } = state;
  const company = worksForACompany(user);
  const context: ContextFlag[] = [];
  if (isAuthenticated(user)) context.push(company ? 'company_user' : 'farm_user');
  if (unit) context.push('unit_selected');
  if (plan) context.push('plan_selected');
  if (hasSeveralUnits({ farm, unit, plan })) context.push('several_units');
  if (hasSeveralPlans({ farm, unit, plan })) context.push('several_plans');
  if (state.hasHelpContent) context.push('has_help_content');
  if (state.hasContactContent) context.push('has_contact_content');
  return availableFlags({
    userFeatures: accessibleFeatures(user),
    planFeatures: availableFeatures({ farm: null, unit, plan }),
    provider: company
      ? user.provider
      : plan
        ? { id: plan.provider_id, reference: plan.provider_reference }
        : null,
    businessRole: company ? user.business.sub_type : 0,
    context,
  });
}
