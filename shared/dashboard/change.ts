/**
 * Year-on-year arithmetic of the dashboard: which periods make "the last 12 months" and "the 12
 * months before", and the change between two figures. Pure, no clock: the caller gives today.
 */
import type { Grain } from '../reports/declaration.ts';
import { periodOfDate, shiftPeriod } from '../reports/periods.ts';
import type { KpiChange } from './result.ts';

/** The later figure less the earlier, and that as a per cent of the earlier (of its size). */
export function changeOf(current: number | null, previous: number | null): KpiChange {
  if (current === null || previous === null) return { absolute: null, percent: null };
  const absolute = current - previous;
  return { absolute, percent: previous === 0 ? null : (absolute / Math.abs(previous)) * 100 };
}

/**
 * The period the windows end with: the newest recorded, as a report's default range ends, but
 * never after today's (a forecast or a next season's drilling is not yet "how the farm did").
 */
export function anchorPeriod(grain: Grain, newest: string | null, today: string): string {
  const now = periodOfDate(grain, today);
  if (now === null) throw new Error(`"${today}" is not a yyyy-MM-dd date.`);
  return newest === null || newest > now ? now : newest;
}

export interface Windows {
  current: { from: string; to: string };
  previous: { from: string; to: string };
  /** Both together, for reading the records once. */
  both: { from: string; to: string };
}

/** `size` periods ending with the anchor, and the `size` periods before them. */
export function windowsOf(grain: Grain, anchor: string, size: number): Windows {
  const from = shiftPeriod(grain, anchor, 1 - size);
  const previousTo = shiftPeriod(grain, anchor, -size);
  const previousFrom = shiftPeriod(grain, anchor, 1 - 2 * size);
  return {
    current: { from, to: anchor },
    previous: { from: previousFrom, to: previousTo },
    both: { from: previousFrom, to: anchor },
  };
}
