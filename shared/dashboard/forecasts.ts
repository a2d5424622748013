/**
 * Actual against forecast for the current period, from a forecast report (config/reports/
 * forecast-*.json) worked out by shared/reports: the newest period up to the anchor (the newest
 * recorded, never after today's) with an actual figure, as records are entered after a month
 * ends; else the anchor's own.
 */
import { computeReport } from '../reports/compute.ts';
import type { Data } from '../reports/computations.ts';
import type { ReportDeclaration } from '../reports/declaration.ts';
import { shiftPeriod } from '../reports/periods.ts';
import { changeOf } from './change.ts';
import type { ForecastDeclaration } from './declaration.ts';
import type { DashboardForecast } from './result.ts';

export interface ForecastInput {
  forecast: ForecastDeclaration;
  report: ReportDeclaration;
  records: Readonly<Record<string, readonly Data[]>>;
  /** The newest period looked at (change.ts anchorPeriod). */
  anchor: string;
  /** How far back an actual is looked for, in periods (the dashboard's window). */
  lookBack: number;
}

/** The periods a forecast looks at, for reading its records. */
export function forecastRange(
  report: ReportDeclaration,
  anchor: string,
  lookBack: number,
): { from: string; to: string } {
  return { from: shiftPeriod(report.grain, anchor, 1 - lookBack), to: anchor };
}

export function computeForecast({
  forecast,
  report,
  records,
  anchor,
  lookBack,
}: ForecastInput): DashboardForecast {
  const range = forecastRange(report, anchor, lookBack);
  const result = computeReport({
    declaration: {
      ...report,
      headlines: [],
      charts: [],
      checks: [],
      tables: [
        {
          id: 'forecast',
          title: forecast.title,
          rows: ['period'],
          rowTitles: ['Period'],
          columns: [forecast.actual, forecast.forecast],
          order: 'newest-first',
        },
      ],
    },
    records,
    range,
  });
  const rows = result.tables[0]?.rows ?? [];
  const row =
    rows.find((r) => r.values[0] !== null && r.values[0] !== undefined) ??
    rows.find((r) => r.dimensions[0] === range.to);
  const actual = row?.values[0] ?? null;
  const expected = row?.values[1] ?? null;
  const measure = report.measures[forecast.actual];
  return {
    title: forecast.title,
    report: { id: report.id, title: report.title },
    grain: report.grain,
    period: row?.dimensions[0] ?? range.to,
    unit: measure?.unit ?? '',
    decimals: measure?.decimals ?? 0,
    actual,
    forecast: expected,
    difference: changeOf(actual, expected),
    recordTypes: Object.keys(report.sources),
  };
}
