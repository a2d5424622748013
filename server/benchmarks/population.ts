/**
 * Everything benchmarking knows about one enterprise: its units (farm, region, providers) and
 * each unit's KPI values in each recent period, worked out from the records by the report engine
 * (shared/benchmarking/unit-values.ts) and from saved calculator baselines.
 */
import {
  isCalculationKpi,
  kpiId,
  type BenchmarkingRules,
  type EnterpriseDeclaration,
} from '../../shared/benchmarking/declaration.ts';
import {
  enterpriseReport,
  sizeBandOf,
  unitValues,
  type PeriodValues,
} from '../../shared/benchmarking/unit-values.ts';
import { periodOfDate, shiftPeriod, periodsBetween } from '../../shared/reports/periods.ts';
import { isCalculatorName } from '../../shared/calc/index.ts';
import { storedName } from '../calculators/saved.ts';
import type { Queryable } from '../db/index.ts';
import { readRecordsByUnit } from '../reports/read-records.ts';

export interface PopulationUnit {
  id: number;
  name: string;
  /** The farm's id, as the accounts API names it (opening the farm as Select Farm does). */
  farmId: number;
  farm: string;
  /** The region of config/benchmarking/rules.json its farm's county is in; null if none. */
  region: string | null;
  /** The references of the providers whose plans the unit holds. */
  providers: readonly string[];
  values: ReadonlyMap<string, PeriodValues>;
}

export interface Population {
  enterprise: EnterpriseDeclaration;
  /** The periods shown, oldest first: the newest `years` in which some unit is complete. */
  periods: readonly string[];
  units: ReadonlyMap<number, PopulationUnit>;
  computedAt: string;
}

/** Looks further back than shown, so that a year with no complete unit yet is skipped. */
const EXTRA_PERIODS = 2;

export function regionOfCounty(rules: BenchmarkingRules, county: string): string | null {
  for (const [id, region] of Object.entries(rules.regions))
    if (region.counties.includes(county)) return id;
  return null;
}

/** The size band's title a unit's size puts it in, for the unit's period values. */
export function sizeBandTitle(enterprise: EnterpriseDeclaration, values: PeriodValues | undefined) {
  const id = sizeBandOf(enterprise, values?.size ?? null);
  return enterprise.size.bands.find((b) => b.id === id)?.title ?? null;
}

/** Reads the enterprise's units, their records and their calculations; one query per source. */
export async function readPopulation(
  db: Queryable,
  enterprise: EnterpriseDeclaration,
  rules: BenchmarkingRules,
  now: Date,
  onlyUnit?: number,
): Promise<Population> {
  const today = now.toISOString().slice(0, 10);
  const newest = periodOfDate(enterprise.grain, today);
  if (newest === null) throw new Error('The server clock gave no date.');
  const candidates = periodsBetween(
    enterprise.grain,
    shiftPeriod(enterprise.grain, newest, 1 - rules.years - EXTRA_PERIODS),
    newest,
  );

  const { rows: unitRows } = await db.query<{
    id: number;
    name: string;
    farm_id: number;
    farm: string;
    county: string;
    providers: string[];
  }>(
    `select u.id, u.name, u.farm_id, f.name as farm, f.county,
            coalesce(array_agg(distinct p.reference) filter (where p.reference is not null), '{}') as providers
     from units u
     join farms f on f.id = u.farm_id
     join unit_types t on t.id = u.unit_type_id
     left join unit_packages up on up.unit_id = u.id
     left join packages pk on pk.id = up.package_id
     left join providers p on p.id = pk.provider_id
     where t.name = any($1::text[]) and ($2::int is null or u.id = $2)
     group by u.id, u.farm_id, f.name, f.county
     order by u.id`,
    [enterprise.unitTypes, onlyUnit ?? null],
  );
  const ids = unitRows.map((u) => u.id);
  const report = enterpriseReport(enterprise);
  const first = candidates[0] ?? newest;
  const records = await readRecordsByUnit(db, ids, report, { from: first, to: newest });
  const calculations = await readCalculationKpis(db, enterprise, ids);

  const units = new Map<number, PopulationUnit>();
  for (const row of unitRows) {
    units.set(row.id, {
      id: row.id,
      name: row.name,
      farmId: row.farm_id,
      farm: row.farm,
      region: regionOfCounty(rules, row.county),
      providers: row.providers,
      values: unitValues(
        enterprise,
        report,
        records.get(row.id) ?? {},
        candidates,
        calculations.get(row.id),
      ),
    });
  }
  const withComplete = candidates.filter((period) =>
    [...units.values()].some((u) => u.values.get(period)?.complete === true),
  );
  return {
    enterprise,
    periods: withComplete.slice(-rules.years),
    units,
    computedAt: now.toISOString(),
  };
}

/**
 * Each calculation KPI's value per unit and period: the total of the unit's baseline of that
 * calculator last saved in the period (a farm re-saving its footprint keeps the newest).
 */
async function readCalculationKpis(
  db: Queryable,
  enterprise: EnterpriseDeclaration,
  unitIds: readonly number[],
): Promise<Map<number, Map<string, Map<string, number>>>> {
  const out = new Map<number, Map<string, Map<string, number>>>();
  for (const kpi of enterprise.kpis) {
    if (!isCalculationKpi(kpi) || !isCalculatorName(kpi.calculation)) continue;
    const { rows } = await db.query<{ unit_id: number; saved_on: string; value: unknown }>(
      `select unit_id, to_char(updated_at, 'YYYY-MM-DD') as saved_on, result->'totals'->$2 as value
       from calculations
       where calculator = $1 and role = 'baseline' and unit_id = any($3::int[])
       order by updated_at, id`,
      [storedName(kpi.calculation), kpi.total, unitIds],
    );
    for (const row of rows) {
      if (typeof row.value !== 'number' || !Number.isFinite(row.value)) continue;
      const period = periodOfDate(enterprise.grain, row.saved_on);
      if (period === null) continue;
      const byKpi = out.get(row.unit_id) ?? new Map<string, Map<string, number>>();
      const byPeriod = byKpi.get(kpiId(kpi)) ?? new Map<string, number>();
      byPeriod.set(period, row.value);
      byKpi.set(kpiId(kpi), byPeriod);
      out.set(row.unit_id, byKpi);
    }
  }
  return out;
}
