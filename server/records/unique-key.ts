import { ErrorType, type ApiRecord } from '../../shared/api.ts';
import type { Db, Queryable } from '../db/index.ts';
import { fieldErrorMap, HttpError } from '../http/errors.ts';
import { displayValue, fieldShape } from './display.ts';
import type { RecordType } from './record-types.ts';

/**
 * A record type's uniqueness key (`uniqueKey` in config/records/<name>.json, described in
 * schemas/record-type.schema.json): the fields no two of its records on one unit may share.
 * Text compares ignoring case and spaces, numbers as numbers, a date by the day, or by the month
 * or year with "per". A record that leaves a key field empty is never a duplicate.
 */
export interface UniqueKeyPart {
  field: string;
  per?: 'day' | 'month' | 'year';
}

type KeyEntry = string | UniqueKeyPart;

/** The key of a record type, each part as {field, per}; empty when it has none. */
export function uniqueKeyOf(type: RecordType): UniqueKeyPart[] {
  const entries = (type as RecordType & { uniqueKey?: KeyEntry[] }).uniqueKey ?? [];
  return entries.map((entry) => (typeof entry === 'string' ? { field: entry } : entry));
}

// Lock class of pg_advisory_xact_lock(class, key), apart from the login and retention locks.
const UNIQUE_KEY_LOCK = 7_500_417;

const PERIOD_LENGTH = { day: 10, month: 7, year: 4 } as const;

/** The SQL of one key part of the jsonb `source`, the field name being parameter `field`. */
function keySql(type: RecordType, part: UniqueKeyPart, source: string, field: string): string {
  const shape = fieldShape(type, part.field);
  const text = `(${source}->>${field}::text)`;
  if (shape.format === 'date') return `left(${text}, ${String(PERIOD_LENGTH[part.per ?? 'day'])})`;
  if (shape.type === 'string') return `lower(regexp_replace(${text}, '\\s', '', 'g'))`;
  return `(${source}->${field}::text)`;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'An' : 'A');
/** A field's title inside a sentence: "Load date" → "load date", "QC grade" stays. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title.toLowerCase() : title);

/** "A monthly record for Mar 2026 already exists", with the values as the list shows them. */
export function duplicateMessage(
  type: RecordType,
  key: readonly UniqueKeyPart[],
  other: Readonly<Record<string, unknown>>,
): string {
  const noun = type.itemTitle ?? 'record';
  const shown = key.map((part) => displayValue(type, part.field, other[part.field]));
  const [only] = key;
  const what =
    key.length === 1 && only && fieldShape(type, only.field).format === 'date'
      ? `for ${shown.join('')}`
      : `with ${key
          .map((part, i) => {
            const title = fieldShape(type, part.field).title ?? part.field;
            return `${inSentence(title)} ${shown[i] ?? ''}`;
          })
          .join(' and ')}`;
  return `${article(noun)} ${noun} ${what} already exists`;
}

/**
 * Runs `write` (the insert or update of `data`) unless another record of the type on the unit
 * already has data's key, which answers 406 naming the key's fields. For a type with a key the
 * check and the write share a transaction that holds an advisory lock on the unit and type, so
 * that of two simultaneous writes of one key the second sees the first and is refused; PGlite
 * runs one transaction at a time anyway. `existing` is the record a PUT changes: it is not its
 * own duplicate, and keeping its key is never refused.
 */
export async function writeUnique<T>(
  db: Db,
  type: RecordType,
  unitId: number,
  data: Readonly<Record<string, unknown>>,
  existing: ApiRecord | undefined,
  write: (q: Queryable) => Promise<T>,
): Promise<T> {
  const key = uniqueKeyOf(type);
  if (key.length === 0) return write(db);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      UNIQUE_KEY_LOCK,
      `${String(unitId)}:${type.name}`,
    ]);
    const params: unknown[] = [
      unitId,
      type.name,
      existing?.id ?? null,
      JSON.stringify(data),
      existing ? JSON.stringify(existing.data) : null,
    ];
    const parts = key.map((part) => {
      params.push(part.field);
      const field = `$${String(params.length)}`;
      return {
        stored: keySql(type, part, 'data', field),
        sent: keySql(type, part, '$4::jsonb', field),
        before: keySql(type, part, '$5::jsonb', field),
      };
    });
    const { rows } = await tx.query<{ data: Record<string, unknown> }>(
      `select data from records
       where unit_id = $1 and record_type = $2 and id is distinct from $3::integer
         and ${parts.map((p) => `${p.stored} = ${p.sent}`).join(' and ')}
         and row(${parts.map((p) => p.before).join(', ')})
             is distinct from row(${parts.map((p) => p.sent).join(', ')})
       order by id limit 1`,
      params,
    );
    const other = rows[0];
    if (other) {
      const message = duplicateMessage(type, key, other.data);
      const errors = fieldErrorMap();
      for (const part of key) errors[part.field] = [message];
      throw new HttpError(
        406,
        `${message} on this unit: edit that one instead.`,
        ErrorType.Validation,
        errors,
      );
    }
    return write(tx);
  });
}
