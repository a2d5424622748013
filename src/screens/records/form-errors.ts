import type { ErrorSchema, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import type { ApiErrorBody } from '../../../shared/api.ts';
import {
  plainMessage,
  RECORD_KEY,
  type FieldsSchema,
  type ValidationProblem,
} from '../../../shared/field-messages.ts';

/** The ajv problem behind an RJSF error: RJSF names the keyword `name` and the path `property`. */
function problemOf(error: RJSFValidationError): ValidationProblem {
  const property = (error.property ?? '').replace(/^\./, '');
  return {
    keyword: error.name ?? '',
    instancePath: property === '' ? '' : `/${property.split('.').join('/')}`,
    params: (error.params ?? {}) as Record<string, unknown>,
    ...(error.schemaPath === undefined ? {} : { schemaPath: error.schemaPath }),
  };
}

/**
 * RJSF's `transformErrors` for a record type: the browser's messages are the server's
 * (shared/field-messages.ts), "Butterfat must be at most 10", never ajv's "must be <= 10"; a
 * choice that is none of its options is said once.
 */
export function plainFormErrors(schema: FieldsSchema): ErrorTransformer {
  return (errors) => {
    const seen = new Set<string>();
    const plain: RJSFValidationError[] = [];
    for (const error of errors) {
      const message =
        error.name === undefined ? error.message : plainMessage(problemOf(error), schema);
      if (message === undefined) continue;
      const key = `${error.property ?? ''}\n${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      plain.push({ ...error, message, stack: message });
    }
    return plain;
  };
}

/**
 * A 406's per-field errors as RJSF `extraErrors`: each field of the form gets its own messages;
 * the rest (the record as a whole, fields the form does not show) go to the top of the form.
 * Only messages about values the user has not changed since (`unchanged`) are kept.
 */
export function serverErrorSchema(
  errors: ApiErrorBody['errors'],
  schema: FieldsSchema,
  unchanged: (field: string) => boolean = () => true,
): ErrorSchema | undefined {
  const entries: [string, unknown][] = Array.isArray(errors)
    ? errors.map((message) => [RECORD_KEY, message])
    : Object.entries(errors);
  const top: string[] = [];
  const byField = new Map<string, string[]>();
  for (const [field, value] of entries) {
    const messages = (Array.isArray(value) ? value : [value]).map(String);
    const isField =
      field !== '__proto__' &&
      schema.properties !== undefined &&
      Object.hasOwn(schema.properties, field);
    if (!isField) top.push(...messages);
    else if (unchanged(field)) byField.set(field, [...(byField.get(field) ?? []), ...messages]);
  }
  if (top.length === 0 && byField.size === 0) return undefined;
  const result: Record<string, { __errors: string[] }> = {};
  for (const [field, messages] of byField) result[field] = { __errors: messages };
  return (top.length > 0 ? { ...result, __errors: top } : result) as ErrorSchema;
}
