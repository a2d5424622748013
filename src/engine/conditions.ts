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

/** Flags about the session, set by the engine rather than defined in config/features.json. */
export const CONTEXT_FLAGS = [
  'company_user',
  'farm_user',
  'unit_selected',
  'plan_selected',
  'several_units',
  'several_plans',
  'has_help_content',
  'has_contact_content',
] as const;
export type ContextFlag = (typeof CONTEXT_FLAGS)[number];

/** Derived flags need no definition: provider:…, business_role:… and the context flags. */
export const DERIVED_FLAG = new RegExp(
  `^(?:provider:[a-z0-9_]+|business_role:[0-9]+|${CONTEXT_FLAGS.join('|')})$`,
);
