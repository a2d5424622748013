/**
 * A unit's KPI values in each period, worked out from its records by the report engine
 * (shared/reports) with the measures its enterprise declares, so that a KPI means the same as the
 * report figure of that name. Calculation KPIs come from saved baselines, read by the server.
 */
import type { Data } from '../reports/computations.ts';
import { computeReport } from '../reports/compute.ts';
import type { ReportDeclaration, TableDeclaration } from '../reports/declaration.ts';
import { isCalculationKpi, kpiId, type EnterpriseDeclaration } from './declaration.ts';

/** A unit's figures for one period: whether the period counts, its size and each KPI. */
export interface PeriodValues {
  /** The period is complete enough to count (the enterprise's `complete` rule). */
  complete: boolean;
  /** The size measure's value, which puts the unit in a size band; null when unknown. */
  size: number | null;
  kpis: Readonly<Record<string, number | null>>;
}

const SEP = '\u0000';
const whereKey = (fields: readonly string[]) => fields.join(SEP);

/**
 * The enterprise's measures as a report: one table by period for the whole-farm KPIs, the size
 * and the completeness measure, and one by period and field for each set of `where` fields.
 */
export function enterpriseReport(enterprise: EnterpriseDeclaration): ReportDeclaration {
  const whole = new Set<string>([enterprise.complete.measure, enterprise.size.measure]);
  const byFields = new Map<string, { fields: string[]; columns: Set<string> }>();
  for (const kpi of enterprise.kpis) {
    if (isCalculationKpi(kpi)) continue;
    const fields = Object.keys(kpi.where ?? {}).sort();
    if (fields.length === 0) {
      whole.add(kpi.measure);
      continue;
    }
    const key = whereKey(fields);
    const entry = byFields.get(key) ?? { fields, columns: new Set<string>() };
    entry.columns.add(kpi.measure);
    byFields.set(key, entry);
  }
  const tables: TableDeclaration[] = [
    {
      id: 'whole',
      title: 'Whole farm',
      rows: ['period'],
      rowTitles: ['Period'],
      columns: [...whole],
    },
    ...[...byFields.values()].map(({ fields, columns }): TableDeclaration => ({
      id: whereKey(fields),
      title: fields.join(', '),
      rows: ['period', ...fields],
      rowTitles: ['Period', ...fields],
      columns: [...columns],
    })),
  ];
  return {
    id: `benchmark-${enterprise.id}`,
    title: enterprise.title,
    description: '',
    condition: 'logged_in',
    grain: enterprise.grain,
    defaultPeriods: 1,
    sources: enterprise.sources,
    ...(enterprise.computations === undefined ? {} : { computations: enterprise.computations }),
    measures: enterprise.measures,
    tables,
  };
}

/**
 * The unit's values in each period of `periods` (ascending period keys), from its records by
 * source and its calculation KPIs' values by KPI id and period.
 */
export function unitValues(
  enterprise: EnterpriseDeclaration,
  report: ReportDeclaration,
  records: Readonly<Record<string, readonly Data[]>>,
  periods: readonly string[],
  calculations: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
): Map<string, PeriodValues> {
  const first = periods[0];
  const last = periods.at(-1);
  const out = new Map<string, PeriodValues>();
  if (first === undefined || last === undefined) return out;
  const result = computeReport({ declaration: report, records, range: { from: first, to: last } });
  /** A table's value of a measure, by its row's dimensions joined. */
  const cell = (tableId: string, measure: string, dimensions: readonly string[]) => {
    const table = result.tables.find((t) => t.id === tableId);
    if (!table) return null;
    const column = table.columns.findIndex((c) => c.key === measure);
    const row = table.rows.find((r) => r.dimensions.join(SEP) === dimensions.join(SEP));
    return column < 0 || !row ? null : (row.values[column] ?? null);
  };
  for (const period of periods) {
    const completeness = cell('whole', enterprise.complete.measure, [period]);
    const kpis: Record<string, number | null> = {};
    for (const kpi of enterprise.kpis) {
      const id = kpiId(kpi);
      if (isCalculationKpi(kpi)) {
        kpis[id] = calculations.get(id)?.get(period) ?? null;
        continue;
      }
      const where = Object.entries(kpi.where ?? {}).sort(([a], [b]) => a.localeCompare(b));
      kpis[id] =
        where.length === 0
          ? cell('whole', kpi.measure, [period])
          : cell(whereKey(where.map(([f]) => f)), kpi.measure, [
              period,
              ...where.map(([, v]) => v),
            ]);
    }
    const value = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
    out.set(period, {
      complete: (completeness ?? 0) >= enterprise.complete.atLeast,
      size: value(cell('whole', enterprise.size.measure, [period])),
      kpis: Object.fromEntries(Object.entries(kpis).map(([k, v]) => [k, value(v)])),
    });
  }
  return out;
}

/** The size band a size falls in (bands rising, the last unbounded); null for an unknown size. */
export function sizeBandOf(enterprise: EnterpriseDeclaration, size: number | null): string | null {
  if (size === null) return null;
  return enterprise.size.bands.find((b) => b.below === undefined || size < b.below)?.id ?? null;
}
