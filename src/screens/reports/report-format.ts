import { formatDate } from '../../core/format/dates.ts';
import { moneyFormat, numberFormat } from '../../core/format/numbers.ts';
import type { Grain } from '../../../shared/reports/declaration.ts';

/** A figure as the report shows it: its decimals, money for "£", a dash when there is none. */
export function formatFigure(value: number | null, unit: string, decimals: number): string {
  if (value === null) return '—';
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (unit === '£') return moneyFormat(options).format(value);
  return numberFormat(options).format(value);
}

/** A figure with its unit after it: "30.0 l/cow/day", "£455,000", "25.0 %". */
export function figureWithUnit(value: number | null, unit: string, decimals: number): string {
  const figure = formatFigure(value, unit, decimals);
  return value === null || unit === '' || unit === '£' ? figure : `${figure} ${unit}`;
}

/** A column header with its unit: "Milk sold (l)"; money and plain counts need none. */
export const withUnit = (title: string, unit: string) =>
  unit === '' || unit === '£' ? title : `${title} (${unit})`;

/** A period key as people read it: "Mar 2026", or the year. */
export function periodLabel(grain: Grain, key: string): string {
  return grain === 'month' && /^\d{4}-\d{2}$/.test(key)
    ? formatDate(`${key}-01`, 'monthYear')
    : key;
}
