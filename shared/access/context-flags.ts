import contextFlags from '../../config/context-flags.json' with { type: 'json' };
import type { ContextFlag } from '../config-types.generated.ts';

/**
 * The flags the engine sets from the session rather than from config/features.json. Their one
 * source is config/context-flags.json: the condition schema's documentation, the README's table
 * (tests/unit/context-flags-readme.test.ts keeps it in step) and both evaluators read it. An entry's
 * type is generated from schemas/context-flags.schema.json: "known" is "session" (the portal and
 * the server both know it) or "brand" (only the browser does, so a rule the server enforces may
 * not use it).
 */
export type ContextFlagEntry = ContextFlag;

export const CONTEXT_FLAG_ENTRIES: readonly ContextFlagEntry[] =
  contextFlags.flags as ContextFlagEntry[];

export const CONTEXT_FLAGS: readonly string[] = CONTEXT_FLAG_ENTRIES.map((e) => e.flag);

/** Flags only the browser can know; the server treats them as off. */
export const BRAND_FLAGS: ReadonlySet<string> = new Set(
  CONTEXT_FLAG_ENTRIES.filter((e) => e.known === 'brand').map((e) => e.flag),
);

/** Derived flags need no definition: provider:…, business_role:… and the context flags. */
export const DERIVED_FLAG = new RegExp(
  `^(?:provider:[a-z0-9_]+|business_role:[0-9]+|${CONTEXT_FLAGS.join('|')})$`,
);
