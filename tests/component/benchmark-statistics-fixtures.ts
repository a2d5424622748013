/**
 * Group statistics and the confidentiality note as the server answers them, shared by the
 * Benchmarking and Customer Insights fixtures (shared/benchmarking/api.ts).
 */
import type {
  ConfidentialityNote,
  GroupStatistic,
  ReleasedStatistic,
} from '../../shared/benchmarking/api.ts';

/** A released statistic with `outliers` left out. */
export const releasedWith =
  (outliers: number) =>
  (n: number, band: string, q1: number, median: number, q3: number, top25: number) =>
    ({ status: 'released', n, outliers, band, q1, median, q3, top25 }) satisfies ReleasedStatistic;

export const tooFew: GroupStatistic = { status: 'suppressed', reason: 'too-few', minGroupSize: 20 };
export const dominance: GroupStatistic = {
  status: 'suppressed',
  reason: 'dominance',
  minGroupSize: 20,
};
export const differencing: GroupStatistic = {
  status: 'suppressed',
  reason: 'differencing',
  minGroupSize: 20,
};

export const CONFIDENTIALITY: ConfidentialityNote = {
  minGroupSize: 20,
  dominance: { top: 2, percent: 85 },
  outlierIqr: 1.5,
  bands: [
    { from: 20, label: 'Indicative' },
    { from: 100, label: 'Good' },
    { from: 250, label: 'Excellent' },
  ],
  sources: [
    { rule: 'At least 20 farms in a group', source: 'DairyBase (DairyNZ), Farm Averages' },
    { rule: '(2,85) dominance', source: 'ESSnet Handbook on Statistical Disclosure Control' },
  ],
};
