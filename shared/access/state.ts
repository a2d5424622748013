import type { ApiPackage, ApiUser } from '../api.ts';
import { availableFlags, flagEntries, type FlagEntry } from './flags.ts';

/**
 * What a user is doing, as both sides see it: who they are, the unit and plan they work in, and
 * the few facts the context flags need. The portal builds it from its stores; the server from the
 * request and the database. The same state gives the same flags on both sides.
 */
export interface AccessState {
  user: Pick<ApiUser, 'type' | 'id' | 'provider' | 'business' | 'accessTo'>;
  /** The selected unit and what it supports; null when none is. */
  unit: { supports: { mifarm: boolean; bcms_cts: boolean } } | null;
  /** The selected plan; null when none is. */
  plan: Pick<ApiPackage, 'provider_id' | 'provider_reference' | 'features'> | null;
  severalUnits: boolean;
  severalPlans: boolean;
  /**
   * The providers (references) that send surveys: the `provider` of each config/surveys/ file,
   * read by the server from the files and by the portal from its build. A list, so that the
   * state travels as JSON (npm run explain asks the server for it).
   */
  surveyProviders: readonly string[];
  /**
   * Company staff on a unit: the categories of its data the farm withholds from their provider
   * (issue 20 point 3), which no rule showing one of them passes. The server fills it from
   * consent_grants; flags do not depend on it.
   */
  withheld?: readonly string[];
  /** Brand facts: only the browser knows them, the server leaves them false. */
  hasHelpContent?: boolean;
  hasContactContent?: boolean;
}

const signedIn = (user: AccessState['user']) => user.type !== 'none' && user.id > 0;

/** The features of the selected plan: its own plus the unit's supports (spec section 6). */
export function planFeatures(state: Pick<AccessState, 'unit' | 'plan'>): string[] {
  const { unit, plan } = state;
  if (!plan || !unit) return [];
  const features = [...plan.features];
  if (unit.supports.mifarm) features.push('unit_has_mifarm_support');
  if (unit.supports.bcms_cts) features.push('bcms_cts');
  return features;
}

/**
 * The flags conditions test (spec section 6): the user's permitted features, the plan's features,
 * the provider (company staff: their own; farm users: the selected plan's) and the business role,
 * plus the context flags of config/context-flags.json, provider_sends_surveys among them.
 */
export function stateFlags(
  state: AccessState,
  entries: readonly FlagEntry[] = flagEntries,
): ReadonlySet<string> {
  const { user, unit, plan } = state;
  const company = user.type === 'company_employee';
  const provider = company
    ? user.provider
    : plan
      ? { id: plan.provider_id, reference: plan.provider_reference }
      : null;
  const context: string[] = [];
  if (signedIn(user)) context.push(company ? 'company_user' : 'farm_user');
  if (unit) context.push('unit_selected');
  if (plan) context.push('plan_selected');
  if (state.severalUnits) context.push('several_units');
  if (state.severalPlans) context.push('several_plans');
  if (provider && state.surveyProviders.includes(provider.reference)) {
    context.push('provider_sends_surveys');
  }
  if (state.hasHelpContent === true) context.push('has_help_content');
  if (state.hasContactContent === true) context.push('has_contact_content');
  return availableFlags(
    {
      userFeatures: Object.entries(user.accessTo)
        .filter(([, allowed]) => allowed)
        .map(([feature]) => feature),
      planFeatures: planFeatures(state),
      provider,
      businessRole: company ? user.business.sub_type : 0,
      context,
    },
    entries,
  );
}
