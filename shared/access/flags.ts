import featuresJson from '../../config/features.json' with { type: 'json' };
import type { FeatureFlag } from '../config-types.generated.ts';

/**
 * One entry of config/features.json: a flag and the user or package features it needs (generated
 * from schemas/features.schema.json).
 */
export type FlagEntry = FeatureFlag;

export const flagEntries: readonly FlagEntry[] = featuresJson.flags;

/** Flags that need a plan feature, and so can be on only while a plan is selected. */
export const packageFlags = (entries: readonly FlagEntry[] = flagEntries): ReadonlySet<string> =>
  new Set(entries.filter((e) => (e.requires.package ?? []).length > 0).map((e) => e.flag));

/** What the available flags are computed from. */
export interface FlagInputs {
  /** The user's permitted features (accessTo entries that are true). */
  userFeatures: readonly string[];
  /** The active plan's available features (its own plus the unit's supports). */
  planFeatures: readonly string[];
  /** Company staff: their provider; farm users: the selected plan's provider; else null. */
  provider: { id: number; reference: string } | null;
  /** Company staff: their business sub type; everyone else 0. */
  businessRole: number;
  /** Flags about the session (config/context-flags.json): who is logged in, what is selected. */
  context?: readonly string[];
}

/**
 * The flags on for these inputs: each entry whose required user and package features are all
 * present, plus provider:{id}, provider:{reference} and business_role:{sub_type}.
 */
export function availableFlags(
  inputs: FlagInputs,
  entries: readonly FlagEntry[] = flagEntries,
): Set<string> {
  const user = new Set(inputs.userFeatures);
  const plan = new Set(inputs.planFeatures);
  const flags = new Set<string>();
  for (const entry of entries) {
    const userOk = (entry.requires.user ?? []).every((f) => user.has(f));
    const planOk = (entry.requires.package ?? []).every((f) => plan.has(f));
    if (userOk && planOk) flags.add(entry.flag);
  }
  if (inputs.provider) {
    flags.add(`provider:${String(inputs.provider.id)}`);
    flags.add(`provider:${inputs.provider.reference}`);
  }
  flags.add(`business_role:${String(inputs.businessRole)}`);
  for (const flag of inputs.context ?? []) flags.add(flag);
  return flags;
}
