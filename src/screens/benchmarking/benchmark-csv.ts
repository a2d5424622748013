/**
 * The farm's benchmark as CSV, built in the browser from the API's answer (it is the farm's own
 * page, so nothing is asked of the server twice): the report, unit and period first, then a row
 * per KPI and group with the farm's value beside the group's statistics. A suppressed statistic
 * says why in its Note column and leaves its figures empty, never 0.
 */
import { suppressedText, type FarmBenchmark } from '../../../shared/benchmarking/api.ts';
import { guardFormula, toCsv, type CsvValue } from '../../../shared/csv.ts';
import { csvRound } from '../../ui/calculator/csv.ts';
import { BETTER_WORDS, ownValue, QUARTER_WORDS, statisticOf } from './benchmark-words.ts';

export const CSV_HEADER = [
  'KPI',
  'Unit',
  'Better',
  'Period',
  'Your farm',
  'Your position',
  'Group',
  'Group description',
  'Farms (n)',
  'Outliers left out',
  'Accuracy band',
  'Lower quartile',
  'Median',
  'Upper quartile',
  'Top 25% average',
  'Note',
] as const;

export function benchmarkCsv(data: FarmBenchmark): string {
  const rows: CsvValue[][] = [
    [data.title],
    ['Provider', data.provider.name],
    ['Unit', data.unit.name],
    ['Enterprise', data.enterprise.title],
    [data.periodTitle, data.period],
    ['Your period complete', data.ownComplete ? 'Yes' : `No: ${data.complete}`],
    ['Figures worked out at', data.computedAt],
    [],
    [...CSV_HEADER],
  ];
  for (const kpi of data.kpis) {
    const own = ownValue(kpi, data.period);
    for (const group of data.groups) {
      const statistic = statisticOf(kpi, group.id, data.period);
      const position =
        kpi.position?.group === group.id ? QUARTER_WORDS[kpi.position.quarter] : null;
      const figures: CsvValue[] =
        statistic?.status === 'released'
          ? [
              statistic.n,
              statistic.outliers,
              statistic.band,
              csvRound(statistic.q1),
              csvRound(statistic.median),
              csvRound(statistic.q3),
              csvRound(statistic.top25),
              null,
            ]
          : [
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              statistic === undefined ? 'No figures this period' : suppressedText(statistic),
            ];
      rows.push([
        kpi.title,
        kpi.unit,
        BETTER_WORDS[kpi.better],
        data.period,
        csvRound(own),
        position,
        group.title,
        group.description,
        ...figures,
      ]);
    }
  }
  return toCsv(
    rows.map((row) => row.map(guardFormula)),
    { withBom: true },
  );
}
