/**
 * A key figure of the dashboard worked out by the reports' own module (shared/reports): the
 * report's declaration with the KPI as its one headline, over the last window and the one before.
 * Nothing here aggregates a record itself, so the dashboard and the report cannot disagree.
 */
import { computeReport } from '../reports/compute.ts';
import type { Data } from '../reports/computations.ts';
import type { HeadlineDeclaration, ReportDeclaration } from '../reports/declaration.ts';
import { periodsBetween } from '../reports/periods.ts';
import { changeOf, windowsOf } from './change.ts';
import { isHeadlineKpi, type KpiDeclaration } from './declaration.ts';
import type { DashboardKpi, KpiBreakdown, KpiWindow } from './result.ts';

type Records = Readonly<Record<string, readonly Data[]>>;

/** The id the KPI's own headline takes: no report headline can have it. */
const OWN = '\u0000kpi';

/**
 * The headlines to work out and the one that is the KPI. A report headline keeps its way of
 * combining periods but loses its own window (`periods`): the dashboard's window replaces it.
 * Its formula's headlines come along, so a formula headline (mortality) works out too.
 */
export function kpiHeadlines(
  kpi: KpiDeclaration,
  report: ReportDeclaration,
): { headlines: HeadlineDeclaration[]; id: string } {
  if (isHeadlineKpi(kpi)) {
    const headlines = (report.headlines ?? []).map((h): HeadlineDeclaration => {
      if (!('measure' in h)) return h;
      const { periods: _own, ...rest } = h;
      return rest;
    });
    return { headlines, id: kpi.headline };
  }
  return {
    headlines: [
      {
        id: OWN,
        title: kpi.title,
        measure: kpi.measure,
        across: kpi.across,
        ...(kpi.weight === undefined ? {} : { weight: kpi.weight }),
      },
    ],
    id: OWN,
  };
}

interface Worked {
  window: KpiWindow;
  title: string;
  unit: string;
  decimals: number;
}

function workOut(
  report: ReportDeclaration,
  headlines: HeadlineDeclaration[],
  id: string,
  records: Records,
  range: { from: string; to: string },
): Worked {
  const result = computeReport({
    declaration: { ...report, headlines, tables: [], charts: [], checks: [] },
    records,
    range,
  });
  const h = result.headlines.find((x) => x.id === id);
  return {
    window: {
      value: h?.value ?? null,
      from: range.from,
      to: range.to,
      recorded: h?.recorded ?? 0,
      periods: periodsBetween(report.grain, range.from, range.to).length,
    },
    title: h?.title ?? id,
    unit: h?.unit ?? '',
    decimals: h?.decimals ?? 0,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The records whose `by` field has the value; a source without the field keeps none. */
function only(records: Records, by: string, value: string): Records {
  return Object.fromEntries(
    Object.entries(records).map(([type, rows]) => [
      type,
      rows.filter((r) => text(r[by]) === value),
    ]),
  );
}

export interface KpiInput {
  id: string;
  kpi: KpiDeclaration;
  report: ReportDeclaration;
  /** The records of the report's sources for both windows (more is harmless: ranges narrow). */
  records: Records;
  /** The last period of the latest window (change.ts anchorPeriod). */
  anchor: string;
  /** Periods in a window. */
  size: number;
}

export function computeKpi({ id, kpi, report, records, anchor, size }: KpiInput): DashboardKpi {
  const windows = windowsOf(report.grain, anchor, size);
  const { headlines, id: headlineId } = kpiHeadlines(kpi, report);
  const both = (rows: Records) => {
    const current = workOut(report, headlines, headlineId, rows, windows.current);
    const previous = workOut(report, headlines, headlineId, rows, windows.previous);
    return { current, previous, change: changeOf(current.window.value, previous.window.value) };
  };
  const all = both(records);
  const by = isHeadlineKpi(kpi) ? undefined : kpi.by;
  const breakdown: KpiBreakdown[] =
    by === undefined
      ? []
      : [...new Set(Object.values(records).flatMap((rows) => rows.map((r) => text(r[by]))))]
          .sort((a, b) => a.localeCompare(b))
          .map((label) => {
            const one = both(only(records, by, label));
            return {
              label,
              current: one.current.window,
              previous: one.previous.window,
              change: one.change,
            };
          })
          // A value met only outside both windows has nothing to show.
          .filter((b) => b.current.recorded > 0 || b.previous.recorded > 0);
  return {
    id,
    title: kpi.title ?? all.current.title,
    description: kpi.description ?? null,
    unit: all.current.unit,
    decimals: all.current.decimals,
    report: { id: report.id, title: report.title },
    grain: report.grain,
    current: all.current.window,
    previous: all.previous.window,
    change: all.change,
    breakdown,
    recordTypes: Object.keys(report.sources),
  };
}
