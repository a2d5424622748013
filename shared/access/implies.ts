import { evaluate, flagsIn, type Condition, type RuleLookup } from './conditions.ts';

/** What the checker knows of how flags go together, so that it only tries states that can occur. */
export interface FlagFacts {
  /** Flags that need a plan feature: on only while a plan is selected. */
  packageFlags: ReadonlySet<string>;
}

/** Flags whose value constrains others (see possible()). */
const DEPENDED_ON = ['company_user', 'farm_user', 'unit_selected', 'plan_selected'];

/** Beyond this many flags the check would try too many states; config never comes close. */
const MAX_FLAGS = 22;

/** Whether a set of flags could be on together in a real session. */
function possible(on: ReadonlySet<string>, facts: FlagFacts): boolean {
  if (on.has('company_user') && on.has('farm_user')) return false;
  const selected = on.has('unit_selected');
  if ((on.has('plan_selected') || on.has('several_plans')) && !selected) return false;
  const planSelected = on.has('plan_selected');
  let providers = 0;
  let roles = 0;
  for (const flag of on) {
    if (facts.packageFlags.has(flag) && !planSelected) return false;
    if (flag.startsWith('provider:') && !/^provider:\d+$/.test(flag)) providers += 1;
    if (flag.startsWith('business_role:')) roles += 1;
  }
  if (providers > 1 || roles > 1) return false;
  // Farm users take a provider from the selected plan; company staff always have one.
  if (providers === 1 && !planSelected && !on.has('company_user')) return false;
  return true;
}

/**
 * A state in which `narrow` holds and `wide` does not, or null when there is none: then whenever
 * `narrow` shows something, `wide` allows it. Tries every combination of the flags the two mention
 * (through the rules they refer to) that could occur in a session.
 */
export function counterexample(
  narrow: Condition,
  wide: Condition,
  rules: RuleLookup,
  facts: FlagFacts,
): ReadonlySet<string> | null {
  // The context flags other flags depend on are tried too, even when neither condition names them.
  const flags = [
    ...new Set([...DEPENDED_ON, ...flagsIn(narrow, rules), ...flagsIn(wide, rules)]),
  ].sort();
  if (flags.length > MAX_FLAGS) {
    throw new Error(
      `A condition mentions ${String(flags.length)} flags; at most ${String(MAX_FLAGS)} can be checked.`,
    );
  }
  for (let mask = 0; mask < 2 ** flags.length; mask += 1) {
    const on = new Set(flags.filter((_, i) => (mask & (1 << i)) !== 0));
    if (!possible(on, facts)) continue;
    if (evaluate(narrow, on, rules) && !evaluate(wide, on, rules)) return on;
  }
  return null;
}

/** Whether some possible state makes the condition hold. */
export function satisfiable(condition: Condition, rules: RuleLookup, facts: FlagFacts): boolean {
  return counterexample(condition, { any: [] }, rules, facts) !== null;
}

/** A state as product staff read it: "company_user, technical_resources; not: plan_selected". */
export function describeState(on: ReadonlySet<string>, mentioned: readonly string[]): string {
  const off = [...new Set(mentioned)].filter((f) => !on.has(f)).sort();
  const yes = [...on].sort().join(', ') || 'no flag';
  return off.length === 0 ? yes : `${yes}; without ${off.join(', ')}`;
}
