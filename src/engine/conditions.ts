/** The condition language of config/menus.json and config/routes.json (schemas/condition.schema.json). */
export type Condition =
  | string
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { atLeast: number; of: Condition[] };

/** Whether a condition holds for the available flags. */
export function evaluate(condition: Condition, flags: ReadonlySet<string>): boolean {
  if (typeof condition === 'string') return flags.has(condition);
  if ('all' in condition) return condition.all.every((c) => evaluate(c, flags));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, flags));
  if ('not' in condition) return !evaluate(condition.not, flags);
  return condition.of.filter((c) => evaluate(c, flags)).length >= condition.atLeast;
}

/** Every flag a condition mentions, for checking config against the defined flags. */
export function flagsIn(condition: Condition): string[] {
  if (typeof condition === 'string') return [condition];
  if ('all' in condition) return condition.all.flatMap(flagsIn);
  if ('any' in condition) return condition.any.flatMap(flagsIn);
  if ('not' in condition) return flagsIn(condition.not);
  return condition.of.flatMap(flagsIn);
}

/** Derived flags need no definition: provider:<id or reference> and business_role:<sub type>. */
export const DERIVED_FLAG = /^(?:provider:[a-z0-9_]+|business_role:[0-9]+)$/;
