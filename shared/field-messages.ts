/**
 * Plain-English messages for JSON Schema validation problems, one list per field, named by the
 * field's `title`: "Butterfat must be at most 10" rather than ajv's "must be <= 10". The server
 * answers a 406 with them and the portal's record form shows the same words for the same problem
 * found in the browser. Plain TypeScript: no ajv import, no DOM, no Node.
 */

/**
 * One problem as ajv reports it; an ajv `ErrorObject` is one. `instancePath` is the JSON pointer
 * of the value ("/butterfat_percent"), "" for the record itself.
 */
export interface ValidationProblem {
  keyword: string;
  instancePath: string;
  params: Readonly<Record<string, unknown>>;
  schemaPath?: string;
}

/** The part of a record type's JSON Schema the messages read: each field's title and type. */
export interface FieldsSchema {
  properties?: Readonly<Record<string, unknown>>;
}

/** Messages per field, "record" for the record as a whole. Safe for any key ("__proto__"). */
export type FieldMessages = Record<string, string[]>;

/** The key of problems that belong to the record as a whole rather than to one field. */
export const RECORD_KEY = 'record';

const numberText = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 20 });

const TYPE_TEXT: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  object: 'a set of fields',
  array: 'a list',
  null: 'empty',
};

const FORMAT_TEXT: Record<string, string> = {
  date: 'a date',
  'date-time': 'a date and time',
  time: 'a time',
  email: 'an email address',
  uri: 'a web address',
  url: 'a web address',
};

/** Reads a JSON pointer segment: "~1" is "/", "~0" is "~". */
const unescapePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

const amount = (value: unknown): string =>
  typeof value === 'number' ? numberText.format(value) : String(value);

/** The top-level field a problem is about, or RECORD_KEY when it is about the whole record. */
export function problemField(problem: ValidationProblem): string {
  const named = text(problem.params.missingProperty) ?? text(problem.params.additionalProperty);
  const first = problem.instancePath.split('/')[1];
  if (first !== undefined && first !== '') return unescapePointer(first);
  return named ?? RECORD_KEY;
}

/** Whether the schema declares the field (by its own key: "constructor" is not inherited). */
function fieldSchema(schema: FieldsSchema, field: string): Record<string, unknown> | undefined {
  const properties = schema.properties;
  if (!properties || !Object.hasOwn(properties, field)) return undefined;
  const declared = properties[field];
  return typeof declared === 'object' && declared !== null
    ? (declared as Record<string, unknown>)
    : {};
}

/** The words a message starts with: the field's title, else its name, "The record" for the root. */
export function fieldLabel(schema: FieldsSchema, field: string): string {
  if (field === RECORD_KEY && !fieldSchema(schema, field)) return 'The record';
  const title = text(fieldSchema(schema, field)?.title)?.trim();
  return title !== undefined && title !== '' ? title : field;
}

/**
 * The plain message for one problem, or undefined for one that only repeats another: ajv reports
 * a failed `if`/`then` beside the problem inside it.
 */
export function plainMessage(problem: ValidationProblem, schema: FieldsSchema): string | undefined {
  const field = problemField(problem);
  const label = fieldLabel(schema, field);
  const p = problem.params;
  switch (problem.keyword) {
    case 'required':
      return `${label} is required`;
    case 'dependencies':
    case 'dependentRequired': {
      const missing = text(p.missingProperty) ?? field;
      const because = text(p.property);
      return because === undefined
        ? `${fieldLabel(schema, missing)} is required`
        : `${fieldLabel(schema, missing)} is required when ${fieldLabel(schema, because)} is given`;
    }
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `${text(p.additionalProperty) ?? text(p.unevaluatedProperty) ?? field} is not a field of this record type`;
    case 'maximum':
      return `${label} must be at most ${amount(p.limit)}`;
    case 'minimum':
      return `${label} must be at least ${amount(p.limit)}`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${amount(p.limit)}`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${amount(p.limit)}`;
    case 'multipleOf':
      return `${label} must be a multiple of ${amount(p.multipleOf)}`;
    case 'maxLength':
      return `${label} must be at most ${amount(p.limit)} ${p.limit === 1 ? 'character' : 'characters'}`;
    case 'minLength':
      return p.limit === 1
        ? `${label} is required`
        : `${label} must be at least ${amount(p.limit)} characters`;
    case 'maxItems':
      return `${label} must have at most ${amount(p.limit)} ${p.limit === 1 ? 'entry' : 'entries'}`;
    case 'minItems':
      return `${label} must have at least ${amount(p.limit)} ${p.limit === 1 ? 'entry' : 'entries'}`;
    case 'uniqueItems':
      return `${label} must not repeat an entry`;
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(','))
        .map(String)
        .filter((t) => t !== 'null');
      const wanted = types.map((t) => TYPE_TEXT[t] ?? t);
      return wanted.length === 0
        ? `${label} must be empty`
        : `${label} must be ${wanted.join(' or ')}`;
    }
    case 'format': {
      const format = text(p.format) ?? '';
      return Object.hasOwn(FORMAT_TEXT, format)
        ? `${label} must be ${FORMAT_TEXT[format] ?? ''}`
        : `${label} is not in the expected format`;
    }
    case 'pattern':
      return `${label} is not in the expected format`;
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return `${label} must be one of the listed options`;
    case 'if':
      return undefined;
    case 'not':
      return `${label} is not allowed`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * Every problem as plain messages per field ({"butterfat_percent": ["Butterfat must be at most
 * 10"]}), each message once: a choice that is none of its options is one message, not one per
 * option.
 */
export function fieldMessages(
  problems: readonly ValidationProblem[],
  schema: FieldsSchema,
): FieldMessages {
  const byField = Object.create(null) as FieldMessages;
  for (const problem of problems) {
    const message = plainMessage(problem, schema);
    if (message === undefined) continue;
    const messages = (byField[problemField(problem)] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return byField;
}
