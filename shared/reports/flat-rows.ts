/**
 * A worked-out report as one list of figures, for its CSV: one row per figure, so every table,
 * headline and check of the report fits one file with one header. Periods stay ISO keys
 * ("2026-03", "2026"; a headline's span "2025-04/2026-03"), figures unrounded but for the
 * report's decimals, a missing one empty.
 */
import type { ReportResult } from './result.ts';

export interface FlatRow {
  /** "Headlines", a table's title, or "Check: <title>". */
  part: string;
  /** The period key, or an ISO interval for a headline; "" when the row has none. */
  period: string;
  /** The row's other dimensions (crop, product), joined with " · ". */
  group: string;
  figure: string;
  /** A figure; for a list, the cell's text (a date as yyyy-MM-dd). */
  value: number | string | null;
  unit: string;
}

export const FLAT_COLUMNS = ['Part', 'Period', 'Group', 'Figure', 'Value', 'Unit'] as const;

const rounded = (value: number | null, decimals: number): number | null =>
  value === null ? null : Number(value.toFixed(decimals));

export function flatRows(result: ReportResult): FlatRow[] {
  const rows: FlatRow[] = [];
  for (const h of result.headlines) {
    rows.push({
      part: 'Headlines',
      period: h.from === null || h.to === null ? '' : h.from === h.to ? h.to : `${h.from}/${h.to}`,
      group: '',
      figure: h.title,
      value: rounded(h.value, h.decimals),
      unit: h.unit,
    });
  }
  for (const check of result.checks) {
    for (const r of check.rows) {
      const figures: [string, number | null][] = [
        [check.computedTitle, r.computed],
        [check.enteredTitle, r.entered],
        ['Difference (entered less worked out)', r.difference],
      ];
      for (const [figure, value] of figures) {
        rows.push({
          part: `Check: ${check.title}`,
          period: r.period,
          group: r.flagged ? 'Differs' : r.difference === null ? 'Not checked' : 'Agrees',
          figure,
          value: rounded(value, check.decimals),
          unit: check.unit,
        });
      }
    }
  }
  for (const list of result.lists) {
    for (const row of list.rows) {
      list.columns.forEach((column, i) => {
        rows.push({
          part: list.title,
          period: list.day,
          group: row.key,
          figure: column.title,
          value: row.cells[i] ?? '',
          unit: '',
        });
      });
    }
  }
  for (const table of result.tables) {
    const periodAt = table.dimensions.findIndex((d) => d.key === 'period');
    for (const row of table.rows) {
      const period = periodAt < 0 ? '' : (row.dimensions[periodAt] ?? '');
      const group = row.dimensions.filter((_, i) => i !== periodAt).join(' · ');
      table.columns.forEach((column, i) => {
        rows.push({
          part: table.title,
          period,
          group,
          figure: column.title,
          value: rounded(row.values[i] ?? null, column.decimals),
          unit: column.unit,
        });
      });
    }
  }
  return rows;
}
