import { flagEntries } from '../../shared/access/flags.ts';
import type { AccessState } from '../../shared/access/state.ts';
import type { AccessRules } from '../access/rules.ts';

/** Every user permission a flag of config/features.json may need: what the widest staff hold. */
const ALL_PERMISSIONS: Record<string, boolean> = Object.fromEntries(
  flagEntries.flatMap((e) => e.requires.user ?? []).map((feature) => [feature, true]),
);

/** A provider's plans on a unit, and the business sub types of the companies working for it. */
export interface ProviderOnUnit {
  provider: { id: number; reference: string };
  plans: { features: string[] }[];
  subTypes: readonly number[];
}

/**
 * The categories of the unit's data that a provider's plans let its staff see (before the farm's
 * consent): each category some rule showing it passes for the provider's staff with every
 * permission, in any business role of the companies working for it, with one of its plans
 * selected. The farm can withhold these; the rest its staff never see.
 */
export function coveredCategories(
  access: AccessRules,
  unit: { supports_mifarm: boolean; supports_bcms_cts: boolean },
  on: ProviderOnUnit,
  surveyProviders: readonly string[],
): string[] {
  const states: AccessState[] = (on.subTypes.length > 0 ? on.subTypes : [0]).flatMap((subType) =>
    on.plans.map((plan) => ({
      user: {
        type: 'company_employee',
        // Any signed-in user: a real id is not needed to evaluate a condition.
        id: 1,
        provider: on.provider,
        business: { id: 0, name: '', type: 'company', sub_type: subType },
        accessTo: ALL_PERMISSIONS,
      },
      unit: { supports: { mifarm: unit.supports_mifarm, bcms_cts: unit.supports_bcms_cts } },
      plan: {
        provider_id: on.provider.id,
        provider_reference: on.provider.reference,
        features: plan.features,
      },
      severalUnits: false,
      severalPlans: on.plans.length > 1,
      surveyProviders,
    })),
  );
  return [...access.consent.categories.keys()].filter((category) =>
    access.consent
      .rulesShowing(category)
      .some((rule) => states.some((state) => access.allows(rule, state))),
  );
}
