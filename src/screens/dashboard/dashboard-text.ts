/**
 * The dashboard's figures in words: a KPI's change on the year before ("up 3.2% on the year
 * before"), its window ("Dec 2025 to Nov 2026, 10 of 12 months recorded"), a forecast's
 * difference. The words carry the direction, so no one depends on an arrow or a colour.
 */
import type { Grain } from '../../../shared/reports/declaration.ts';
import type { KpiChange, KpiWindow } from '../../../shared/dashboard/result.ts';
import { figureWithUnit, formatFigure, periodLabel } from '../reports/report-format.ts';

export type Direction = 'up' | 'down' | 'same' | 'unknown';

export function directionOf(change: KpiChange): Direction {
  if (change.absolute === null) return 'unknown';
  // Below what the figure's decimals can show, a change is no change.
  if (change.absolute === 0) return 'same';
  return change.absolute > 0 ? 'up' : 'down';
}

/** "up 3.2% on the year before"; by the figure itself where the year before was 0. */
export function changeText(
  change: KpiChange,
  unit: string,
  decimals: number,
  against = 'the year before',
): string {
  const direction = directionOf(change);
  if (direction === 'unknown' || change.absolute === null) return `No figure for ${against}`;
  if (direction === 'same') return `No change on ${against}`;
  const by =
    change.percent === null
      ? figureWithUnit(Math.abs(change.absolute), unit, decimals)
      : `${formatFigure(Math.abs(change.percent), '%', 1)}%`;
  return `${direction} ${by} on ${against}`;
}

const PERIOD_WORDS: Record<Grain, [one: string, many: string]> = {
  month: ['month', 'months'],
  year: ['year', 'years'],
  season: ['harvest', 'harvests'],
};

/** "Dec 2025 to Nov 2026, 10 of 12 months recorded"; "Harvest 2026". */
export function windowText(grain: Grain, window: KpiWindow): string {
  const from = periodLabel(grain, window.from);
  const to = periodLabel(grain, window.to);
  const span =
    window.from === window.to ? (grain === 'season' ? `Harvest ${to}` : to) : `${from} to ${to}`;
  const [one, many] = PERIOD_WORDS[grain];
  if (window.periods === 1) return span;
  return `${span}, ${String(window.recorded)} of ${String(window.periods)} ${window.periods === 1 ? one : many} recorded`;
}

/** "20,000 l (10.0%) below forecast". */
export function forecastText(difference: KpiChange, unit: string, decimals: number): string {
  if (difference.absolute === null) return 'No figure to compare yet';
  if (difference.absolute === 0) return 'On forecast';
  const figure = figureWithUnit(Math.abs(difference.absolute), unit, decimals);
  const percent =
    difference.percent === null ? '' : ` (${formatFigure(Math.abs(difference.percent), '%', 1)}%)`;
  return `${figure}${percent} ${difference.absolute > 0 ? 'above' : 'below'} forecast`;
}
