/**
 * Benchmark figures in words, one way for every screen that shows them (Customer Insights, a
 * farm's Benchmarking): a KPI's value with its unit and decimals, a group's size and accuracy
 * band, and a suppressed statistic as the contract words it ("Not shown: fewer than 20 farms"),
 * never 0 or blank.
 */
import {
  suppressedText,
  type ConfidentialityNote,
  type GroupStatistic,
  type KpiInfo,
} from '../../../shared/benchmarking/api.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { formatFigure } from '../chart/chart-text.ts';

/** A KPI's figure with its unit at the KPI's decimals: "8,120 l/cow", "38.52 ppl"; none is —. */
export const kpiFigure = (value: number | null, kpi: Pick<KpiInfo, 'unit' | 'decimals'>) =>
  formatFigure(value, kpi.unit, kpi.decimals);

/** "9 farms" / "1 farm". */
export const farms = (n: number) => `${formatNumber(n, 0)} farm${n === 1 ? '' : 's'}`;

/**
 * How many farms a group's figure is worked out from and how good it is: "240 farms · Good
 * accuracy (3 outliers left out)"; a suppressed figure says why it is not shown.
 */
export function groupSize(statistic: GroupStatistic): string {
  if (statistic.status === 'suppressed') return suppressedText(statistic);
  const outliers =
    statistic.outliers > 0
      ? ` (${formatNumber(statistic.outliers, 0)} outlier${statistic.outliers === 1 ? '' : 's'} left out)`
      : '';
  return `n = ${farms(statistic.n)} · ${statistic.band} accuracy${outliers}`;
}

/** The accuracy bands in words: "20–99 farms Indicative, 100–249 Good, 250 or more Excellent". */
export function bandsText(bands: ConfidentialityNote['bands']): string {
  return bands
    .map((band, i) => {
      const next = bands[i + 1];
      const range =
        next === undefined
          ? `${formatNumber(band.from, 0)} or more`
          : `${formatNumber(band.from, 0)}–${formatNumber(next.from - 1, 0)}`;
      return `${range} farms: ${band.label}`;
    })
    .join('; ');
}
