import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const NUL_MESSAGE = 'Text may not contain NUL characters.';

/** True when any string or key in a parsed JSON value holds a NUL (PostgreSQL stores none). */
export function containsNul(value: unknown): boolean {
  // Iterative, so that a deeply nested body cannot overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export const nulRejected = () => badRequest(NUL_MESSAGE);

/**
 * Query and path values the routes can trust to be single strings without NUL: a repeated query
 * parameter is refused rather than guessed at, and NUL, which PostgreSQL refuses, answers 400.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(query ?? {})) {
      if (Array.isArray(value)) {
        throw badRequest(`The query parameter "${key}" may be given only once.`, {
          [key]: 'is repeated',
        });
      }
      if (typeof value === 'string' && value.includes('\u0000')) throw nulRejected();
    }
    const params = request.params as Record<string, unknown> | undefined;
    for (const value of Object.values(params ?? {})) {
      if (typeof value === 'string' && value.includes('\u0000')) throw nulRejected();
    }
  });
}
