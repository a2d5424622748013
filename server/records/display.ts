import appConfig from '../../config/app.json' with { type: 'json' };
import { DATE_TOKEN, formatDatePattern } from '../../shared/date-format.ts';
import type { RecordType } from './record-types.ts';

/**
 * A record's values as the portal's records list shows them (src/screens/records/RecordsScreen.tsx):
 * a list column's `format` names a date format of config/app.json or "number"; a choice shows its
 * title. The server's messages and its search use this, so they say what the user sees.
 */

export type DateFormatName = keyof typeof appConfig.dateFormats;

/** What the server needs to know of a field's JSON Schema to show its value. */
export interface FieldShape {
  type?: string | string[];
  title?: string;
  format?: string;
  oneOf?: unknown[];
}

// As the list: at most two decimals, thousands grouped ("183,420", "4.13").
const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function fieldShape(type: RecordType, field: string): FieldShape {
  return type.schema.properties[field] ?? {};
}

export const isDateFormat = (format: string | undefined): format is DateFormatName =>
  format !== undefined && Object.hasOwn(appConfig.dateFormats, format);

/** The list column's format for a field; a date field out of the list shows as "medium". */
export function displayFormat(type: RecordType, field: string): string | undefined {
  const column = type.listColumns.find((c) => c.field === field);
  if (column?.format !== undefined) return column.format;
  const shape = fieldShape(type, field);
  if (shape.format === 'date') return 'medium';
  if (shape.type === 'number' || shape.type === 'integer') return 'number';
  return undefined;
}

/** The choices of a field with oneOf: stored value → title. */
export function choiceTitles(shape: FieldShape): Map<unknown, string> {
  const titles = new Map<unknown, string>();
  for (const option of shape.oneOf ?? []) {
    if (typeof option === 'object' && option !== null && 'const' in option) {
      const { const: value, title } = option as { const: unknown; title?: unknown };
      if (typeof title === 'string') titles.set(value, title);
    }
  }
  return titles;
}

/** A field's value as the records list shows it. */
export function displayValue(type: RecordType, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const title = choiceTitles(fieldShape(type, field)).get(value);
  if (title !== undefined) return title;
  const format = displayFormat(type, field);
  if (format === 'number' && typeof value === 'number') return numberFormat.format(value);
  if (isDateFormat(format)) {
    const shown = formatDatePattern(value, appConfig.dateFormats[format]);
    if (shown !== '') return shown;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const SQL_TOKEN: Record<string, string> = {
  dd: 'DD',
  MM: 'MM',
  MMM: 'Mon',
  MMMM: 'FMMonth',
  yyyy: 'YYYY',
};

/**
 * A date format of config/app.json as a PostgreSQL to_char pattern: "MMM yyyy" → 'Mon" "YYYY'.
 * Text between the tokens is quoted, so that no letter of it is read as a pattern.
 */
export function toCharPattern(pattern: string): string {
  let sql = '';
  let last = 0;
  const literal = (text: string) =>
    text === '' ? '' : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  for (const match of pattern.matchAll(new RegExp(DATE_TOKEN.source, 'g'))) {
    sql += literal(pattern.slice(last, match.index)) + (SQL_TOKEN[match[0]] ?? '');
    last = match.index + match[0].length;
  }
  return sql + literal(pattern.slice(last));
}

/** The to_char pattern of a date format name, e.g. 'monthYear' → 'Mon" "YYYY'. */
export const sqlDatePattern = (format: DateFormatName) =>
  toCharPattern(appConfig.dateFormats[format]);
