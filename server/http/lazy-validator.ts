/**
 * An ajv validator compiled when it is first used rather than when the config is loaded. ajv
 * turns each schema into code, and the demo config's record types, survey pages and assessment
 * pages took about half a second of the server's start together (issue 21 point 5), mostly for
 * forms few requests use. `npm run validate:config` compiles every one of them
 * (scripts/lib/data-schemas-check.ts), so a schema that cannot compile is not first found by a
 * user; the first record or answer checked pays its compilation once (milliseconds).
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';

/** What callers use of a validator: call it, then read its errors. */
export interface Validator {
  (data: unknown): boolean;
  /** The last call's problems; null or undefined after a pass. */
  readonly errors: ErrorObject[] | null | undefined;
}

export function lazyValidator(ajv: Ajv, schema: object): Validator {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiled ??= ajv.compile(schema);
    return compiled(data);
  };
  return Object.defineProperty(validate, 'errors', { get: () => compiled?.errors }) as Validator;
}
