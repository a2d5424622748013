import type { ApiFarm, ApiPackage, ApiUnit } from '../../shared/api.ts';
import { stateFlags } from '../../shared/access/state.ts';
import { hasSeveralPlans, hasSeveralUnits } from '../core/account/account.ts';
import type { User } from '../core/session/user.ts';
import { SURVEY_PROVIDERS } from './survey-providers.ts';

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
 * The flags menus and routes test (spec section 6), computed by the same code as the server's
 * (shared/access/state.ts) from the portal's stores.
 */
export function sessionFlags(state: SessionState): ReadonlySet<string> {
  const { user, farm, unit, plan } = state;
  return stateFlags({
    user,
    unit,
    plan: unit ? plan : null,
    severalUnits: hasSeveralUnits({ farm, unit, plan }),
    severalPlans: hasSeveralPlans({ farm, unit, plan }),
    surveyProviders: SURVEY_PROVIDERS,
    hasHelpContent: state.hasHelpContent,
    hasContactContent: state.hasContactContent,
  });
}
