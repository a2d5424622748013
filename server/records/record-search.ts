import {
  choiceTitles,
  displayFormat,
  fieldShape,
  isDateFormat,
  sqlDatePattern,
} from './display.ts';
import type { RecordType } from './record-types.ts';

/**
 * The condition of a records list search: a record matches when one of its list columns, as
 * stored or as the list shows it, contains the term (case-insensitively). "Mar" finds the month
 * shown "Mar 2026" (stored 2026-03-01), "183,420" and "183420" the litres shown "183,420", and
 * "Blend" the choice stored "blend". Everything the user typed, and every field name and
 * pattern, is a parameter appended to params; nothing is spliced into the SQL.
 *
 * `pattern` is the number of the parameter already holding the ILIKE pattern of the term.
 */
export function searchCondition(
  type: RecordType,
  term: string,
  pattern: number,
  params: unknown[],
): string | undefined {
  const param = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const lowerTerm = term.toLowerCase();
  const matches: string[] = [];
  for (const column of type.listColumns) {
    const shape = fieldShape(type, column.field);
    const isText = shape.type === 'string';
    const isNumber = shape.type === 'number' || shape.type === 'integer';
    if (!isText && !isNumber) continue;
    const field = param(column.field);
    matches.push(`data->>${field}::text ilike $${String(pattern)}`);
    const format = displayFormat(type, column.field);
    if (isText && isDateFormat(format)) {
      matches.push(
        `(case when data->>${field}::text ~ '^\\d{4}-\\d{2}-\\d{2}$'
          then to_char((data->>${field}::text)::date, ${param(sqlDatePattern(format))}::text)
          end) ilike $${String(pattern)}`,
      );
    }
    if (isNumber && format === 'number') {
      // As Intl.NumberFormat('en-GB', {maximumFractionDigits: 2}): "183,420", "4.13", "3.5".
      matches.push(
        `(case when jsonb_typeof(data->${field}::text) = 'number'
          then rtrim(to_char((data->>${field}::text)::numeric, 'FM999,999,999,999,990.99'), '.')
          end) ilike $${String(pattern)}`,
      );
    }
    const titles = choiceTitles(shape);
    const chosen = [...titles]
      .filter(([, title]) => title.toLowerCase().includes(lowerTerm))
      .map(([value]) => String(value));
    if (chosen.length > 0) matches.push(`data->>${field}::text = any(${param(chosen)}::text[])`);
  }
  return matches.length === 0 ? undefined : `(${matches.join(' or ')})`;
}
