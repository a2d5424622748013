import type { FastifyInstance } from 'fastify';
import { badRequest, type HttpError } from './errors.ts';

/**
 * Deeper than any body the portal sends (records are flat, telemetry a level or two). Capping it
 * here means nothing later (JSON.stringify, ajv, PostgreSQL's jsonb parser, whose "stack depth
 * limit exceeded" is an error too) ever recurses over a client's nesting.
 */
export const MAX_JSON_DEPTH = 64;

const NUL_MESSAGE = 'Text may not contain NUL characters.';
const SURROGATE_MESSAGE =
  'Text must be valid Unicode: it may not contain an unpaired surrogate (a lone \\uD800-\\uDFFF escape).';
const DEPTH_MESSAGE = `The JSON body may be nested at most ${MAX_JSON_DEPTH} levels deep.`;

type Problem = 'nul' | 'surrogate' | 'depth';

const PROBLEMS: Record<Problem, { msg: string; field: string }> = {
  nul: { msg: NUL_MESSAGE, field: 'may not contain NUL characters' },
  surrogate: { msg: SURROGATE_MESSAGE, field: 'contains an unpaired surrogate' },
  depth: { msg: DEPTH_MESSAGE, field: `is nested more than ${MAX_JSON_DEPTH} levels deep` },
};

/** A high surrogate not followed by a low one, or a low one not after a high one (code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What PostgreSQL cannot store as text: NUL, and a lone UTF-16 surrogate, which has no UTF-8
 * form (text parameters silently become U+FFFD; jsonb refuses the "\ud800" escape outright).
 */
function textProblem(text: string): Problem | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return undefined;
}

/** A field name as it may be echoed back: bounded, and itself well-formed. */
function shownKey(key: string): string {
  const short = key.length > 50 ? `${key.slice(0, 50)}…` : key;
  return short.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

const refusal = (problem: Problem, field: string): HttpError =>
  badRequest(PROBLEMS[problem].msg, { [field]: PROBLEMS[problem].field });

interface Pending {
  value: unknown;
  key: string;
  parent: Pending | undefined;
  depth: number;
}

/** "additional.0.notes": the path of a value in the body, as the API's 400s name fields. */
function pathOf(node: Pending): string {
  const keys: string[] = [];
  for (let at = node; at.parent !== undefined; at = at.parent) keys.push(shownKey(at.key));
  return keys.length === 0 ? 'body' : keys.reverse().join('.');
}

/**
 * The 400 a parsed JSON body deserves, or undefined when it is fine: a NUL or a lone surrogate
 * in any string or key, or nesting deeper than MAX_JSON_DEPTH. The error names the field.
 * Iterative, so that no body, however deep, can overflow the stack.
 */
export function jsonBodyRefusal(body: unknown): HttpError | undefined {
  const stack: Pending[] = [{ value: body, key: '', parent: undefined, depth: 0 }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { value, depth } = node;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return refusal(problem, pathOf(node));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return refusal('depth', pathOf(node));
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const next: Pending = { value: child, key, parent: node, depth: depth + 1 };
      const problem = textProblem(key);
      if (problem) return refusal(problem, pathOf(next));
      stack.push(next);
    }
  }
  return undefined;
}

/**
 * Query and path values the routes can trust to be single strings of storable text: a repeated
 * query parameter is refused rather than guessed at, and NUL or a lone surrogate answers 400.
 * (Fastify's query parser leaves a percent-encoding that is not UTF-8, such as %ED%A0%80, as
 * it came, and its router refuses one in the path; this holds whatever the parsers do.)
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(query ?? {})) {
      const keyProblem = textProblem(key);
      if (keyProblem) throw refusal(keyProblem, shownKey(key));
      if (Array.isArray(value)) {
        throw badRequest(`The query parameter "${shownKey(key)}" may be given only once.`, {
          [shownKey(key)]: 'is repeated',
        });
      }
      const problem = typeof value === 'string' ? textProblem(value) : undefined;
      if (problem) throw refusal(problem, shownKey(key));
    }
    const params = request.params as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(params ?? {})) {
      const problem = typeof value === 'string' ? textProblem(value) : undefined;
      if (problem) throw refusal(problem, name);
    }
  });
}
