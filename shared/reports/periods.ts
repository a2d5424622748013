/**
 * Periods of a report: months ("2026-03"), years and seasons ("2026"). Keys are ISO-like text so
 * they sort as they run and read in CSV files as ISO dates do.
 */
import type { Grain, SourceDeclaration } from './declaration.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The period a yyyy-MM-dd date falls in; null for anything else. */
export function periodOfDate(grain: Grain, date: string): string | null {
  const match = DATE.exec(date);
  if (!match) return null;
  return grain === 'month' ? `${match[1] ?? ''}-${match[2] ?? ''}` : (match[1] ?? null);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The period of a record of a dated source: its period date's; with grain "season" and no
 * period date, its fallback date's season (the next year's from nextSeasonFromMonth on).
 */
export function periodOfRecord(
  grain: Grain,
  source: SourceDeclaration,
  data: Readonly<Record<string, unknown>>,
): string | null {
  if (source.period === undefined) return null;
  const own = periodOfDate(grain, text(data[source.period]));
  if (own !== null || grain !== 'season' || source.fallback === undefined) return own;
  const match = DATE.exec(text(data[source.fallback]));
  if (!match) return null;
  const next = Number(match[2]) >= (source.nextSeasonFromMonth ?? 13) ? 1 : 0;
  return String(Number(match[1]) + next);
}

/** A key is of the grain's form. */
export function isPeriodKey(grain: Grain, key: string): boolean {
  return grain === 'month' ? /^\d{4}-(0[1-9]|1[0-2])$/.test(key) : /^\d{4}$/.test(key);
}

const monthCount = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;
const monthKey = (n: number) =>
  `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;

/** The key `by` periods after (before, when negative) a key. */
export function shiftPeriod(grain: Grain, key: string, by: number): string {
  return grain === 'month' ? monthKey(monthCount(key) + by) : String(Number(key) + by);
}

/** Every period from `from` to `to`, both included, oldest first; none when `to` is before. */
export function periodsBetween(grain: Grain, from: string, to: string): string[] {
  const periods: string[] = [];
  for (let key = from; key <= to; key = shiftPeriod(grain, key, 1)) periods.push(key);
  return periods;
}

/** The first day of a period and the first day after it (yyyy-MM-dd): [start, end). */
export function periodBounds(grain: Grain, key: string): { start: string; end: string } {
  if (grain === 'month') return { start: `${key}-01`, end: `${shiftPeriod(grain, key, 1)}-01` };
  return { start: `${key}-01-01`, end: `${String(Number(key) + 1)}-01-01` };
}

/**
 * The dates a dated source's records of the range may carry, for the server's query: a superset
 * (a season's fallback date may lie a year before it), which computeReport then narrows.
 */
export function sourceDateWindow(
  grain: Grain,
  source: SourceDeclaration,
  range: { from: string; to: string },
): { start: string; end: string; fallbackStart: string } {
  const { start } = periodBounds(grain, range.from);
  const { end } = periodBounds(grain, range.to);
  const fallbackStart = `${String(Number(start.slice(0, 4)) - (source.fallback ? 1 : 0))}${start.slice(4)}`;
  return { start, end, fallbackStart };
}
