/**
 * The condition language of config (schemas/condition.schema.json): menus, routes, record types
 * and the named rules of config/rules.json all speak it, and the portal and the server evaluate it
 * with this one module. The type is generated from the schema (shared/config-types.generated.ts).
 */
import type { Condition } from '../config-types.generated.ts';

export type { Condition };

/** Looks up a named rule's condition; undefined for a name no rule has. */
export type RuleLookup = (name: string) => Condition | undefined;

const NO_RULES: RuleLookup = () => undefined;

/**
 * Whether a condition holds for the available flags. A reference to a rule holds when the rule's
 * condition does; a reference to a rule that does not exist never holds (validate:config refuses
 * it, so this only guards a stale build).
 */
export function evaluate(
  condition: Condition,
  flags: ReadonlySet<string>,
  rules: RuleLookup = NO_RULES,
): boolean {
  if (typeof condition === 'string') return flags.has(condition);
  if ('all' in condition) return condition.all.every((c) => evaluate(c, flags, rules));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, flags, rules));
  if ('not' in condition) return !evaluate(condition.not, flags, rules);
  if ('rule' in condition) {
    const named = rules(condition.rule);
    return named !== undefined && evaluate(named, flags, rules);
  }
  return condition.of.filter((c) => evaluate(c, flags, rules)).length >= condition.atLeast;
}

/** Every flag a condition mentions, through the rules it refers to, for checking config. */
export function flagsIn(condition: Condition, rules: RuleLookup = NO_RULES): string[] {
  const seen = new Set<string>();
  const walk = (c: Condition): string[] => {
    if (typeof c === 'string') return [c];
    if ('all' in c) return c.all.flatMap(walk);
    if ('any' in c) return c.any.flatMap(walk);
    if ('not' in c) return walk(c.not);
    if ('rule' in c) {
      // A rule that refers to itself, directly or not, is reported by rulesIn's caller.
      if (seen.has(c.rule)) return [];
      seen.add(c.rule);
      const named = rules(c.rule);
      return named === undefined ? [] : walk(named);
    }
    return c.of.flatMap(walk);
  };
  return walk(condition);
}

/** The names of the rules a condition refers to directly. */
export function rulesIn(condition: Condition): string[] {
  if (typeof condition === 'string') return [];
  if ('all' in condition) return condition.all.flatMap(rulesIn);
  if ('any' in condition) return condition.any.flatMap(rulesIn);
  if ('not' in condition) return rulesIn(condition.not);
  if ('rule' in condition) return [condition.rule];
  return condition.of.flatMap(rulesIn);
}

/** Both conditions: the first, narrowed by the second when there is one. */
export function both(first: Condition | undefined, second: Condition | undefined) {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return { all: [first, second] };
}
