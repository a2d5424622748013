/**
 * Farm records across the generated farms, so that benchmark groups (enterprise × region ×
 * size band, year) are real (issue 19, point 1): dairy monthly records for every month of
 * 2023 to October 2026, annual records for the years ending in 2023–2025, crop records for the
 * harvests of 2023–2025, animal and medicine records for a share of the cattle units, and saved
 * GHG dairy baselines for 2023–2025 on about 60 % of the dairies that have the calculator.
 *
 * A unit gets a record type only when one of its plans has that type's feature (records_monthly,
 * records_annual, records_crop, records_animal, medicinebook_animal; ghg_what_if_dairy for the
 * baselines), so whatever is seeded is what the portal shows the unit. The demo accounts' units
 * are left alone: their records are demo-records.ts's and the tests'.
 *
 * Every figure comes from `draw`, the dataset's seeded Random on a stream of its own, unit by
 * unit in id order, so the same seed gives the same rows and the rest of the dataset is
 * unchanged by them.
 */
import { NATION_OF_REGION, TOWNS, type Region } from './names.ts';
import {
  annualRecord,
  farmBusiness,
  type Enterprise,
  type FarmBusiness,
} from './benchmark/annual.ts';
import { cropFarm, cropRecords } from './benchmark/crops.ts';
import { type Draw } from './benchmark/draw.ts';
import { dairyManure, ghgBaseline } from './benchmark/ghg.ts';
import { animalRecords, medicineRecords } from './benchmark/livestock.ts';
import { dairyProfile, dairySeries, monthsBetween, type DairyMonth } from './benchmark/milk.ts';
import type {
  CalculationSeedRow,
  DemoUser,
  FarmRow,
  PackageRow,
  RecordRow,
  UnitPackageRow,
  UnitRow,
  UnitTypeRow,
} from './types.ts';

export interface BenchmarkInput {
  farms: readonly FarmRow[];
  units: readonly UnitRow[];
  unitTypes: readonly UnitTypeRow[];
  packages: readonly PackageRow[];
  unitPackages: readonly UnitPackageRow[];
  users: readonly DemoUser[];
}

export interface BenchmarkRecords {
  records: RecordRow[];
  calculations: CalculationSeedRow[];
}

/** The years the benchmarks compare. */
export const BENCHMARK_YEARS = [2023, 2024, 2025] as const;
/** Share of the cattle units with the features that keep animal and medicine records. */
const LIVESTOCK_SHARE = 0.6;
/** Share of the dairies with the GHG dairy calculator that saved a baseline a year. */
const GHG_SHARE = 0.6;
const ORGANIC_PLANS: ReadonlySet<string> = new Set(['severnmead_organic_milk']);

const REGION_OF_TOWN: ReadonlyMap<string, Region> = new Map(
  TOWNS.map((t) => [`${t.town}|${t.county}`, t.region]),
);

export function benchmarkRecords(input: BenchmarkInput, draw: Draw): BenchmarkRecords {
  const out: BenchmarkRecords = { records: [], calculations: [] };
  const farms = new Map(input.farms.map((f) => [f.id, f]));
  const typeName = new Map(input.unitTypes.map((t) => [t.id, t.name.toLowerCase()]));
  const packages = new Map(input.packages.map((p) => [p.id, p]));
  const plansOf = new Map<number, PackageRow[]>();
  for (const up of input.unitPackages) {
    const p = packages.get(up.package_id);
    if (p) plansOf.set(up.unit_id, [...(plansOf.get(up.unit_id) ?? []), p]);
  }
  // The demo farm users' farms, by farm id (a farm belongs to a business; users to the business).
  const demoBusinesses = new Set(
    input.users.filter((u) => u.type === 'farm_employee').map((u) => u.business_id),
  );
  const demoFarms = new Set(
    input.farms.filter((f) => demoBusinesses.has(f.business_id)).map((f) => f.id),
  );

  for (const unit of input.units) {
    const farm = farms.get(unit.farm_id);
    if (!farm) continue;
    if (demoFarms.has(unit.farm_id)) continue;
    const plans = plansOf.get(unit.id) ?? [];
    const features = new Set(plans.flatMap((p) => p.features));
    const region = REGION_OF_TOWN.get(`${farm.town}|${farm.county}`) ?? 'midlands';
    const unitContext: UnitContext = {
      unit,
      farm,
      region,
      features,
      organic: plans.some((p) => ORGANIC_PLANS.has(p.reference)),
    };
    const enterprise = typeName.get(unit.unit_type_id);
    if (enterprise === 'dairy') dairyUnit(draw, unitContext, out);
    else if (enterprise !== undefined) otherUnit(draw, unitContext, enterprise, out);
  }
  return out;
}

interface UnitContext {
  unit: UnitRow;
  farm: FarmRow;
  region: Region;
  features: ReadonlySet<string>;
  organic: boolean;
}

const push = (out: BenchmarkRecords, unitId: number, type: string, data: object) => {
  out.records.push({ unit_id: unitId, record_type: type, data: data as Record<string, unknown> });
};

/** Which months and years a dairy's records and baselines cover. */
interface DairySpan {
  months: [[number, number], [number, number]];
  years: readonly number[];
}

const GENERATED_SPAN: DairySpan = {
  months: [
    [2023, 1],
    [2026, 10],
  ],
  years: BENCHMARK_YEARS,
};

function dairyUnit(draw: Draw, c: UnitContext, out: BenchmarkRecords, span = GENERATED_SPAN): void {
  const id = c.unit.id;
  const series = dairySeries(draw, dairyProfile(draw, c.region, c.organic));
  if (c.features.has('records_monthly')) {
    for (const month of monthsBetween(series, ...span.months)) push(out, id, 'monthly', month);
  }
  const herd = series[0] ? series[0].cows_in_milk + series[0].dry_cows : undefined;
  const business = farmBusiness(draw, 'dairy', NATION_OF_REGION[c.region], herd);
  const annuals = span.years.map((year) => annualRecord(draw, business, year, series));
  if (c.features.has('records_annual')) for (const a of annuals) push(out, id, 'annual', a);
  if (c.features.has('ghg_what_if_dairy') && draw.chance(GHG_SHARE)) {
    const manure = dairyManure(draw);
    span.years.forEach((year, i) => {
      const annual = annuals[i];
      if (!annual) return;
      const months: DairyMonth[] = monthsBetween(series, [year, 1], [year, 12]);
      out.calculations.push(ghgBaseline(draw, id, year, months, manure, annual));
    });
  }
  livestock(draw, c, true, out);
}

function otherUnit(draw: Draw, c: UnitContext, enterprise: string, out: BenchmarkRecords): void {
  const id = c.unit.id;
  const business: FarmBusiness | undefined =
    isFarmEnterprise(enterprise) && c.features.has('records_annual')
      ? farmBusiness(draw, enterprise, NATION_OF_REGION[c.region])
      : undefined;
  if (business) {
    for (const year of BENCHMARK_YEARS) push(out, id, 'annual', annualRecord(draw, business, year));
  }
  const cropping =
    enterprise === 'arable' || enterprise === 'horticulture' || enterprise === 'mixed';
  if (cropping && c.features.has('records_crop')) {
    const fields = cropFarm(draw, enterprise === 'horticulture', business?.hectares);
    for (const year of BENCHMARK_YEARS) {
      for (const record of cropRecords(draw, fields, year)) push(out, id, 'crop', record);
    }
  }
  if (enterprise === 'beef' || enterprise === 'mixed') livestock(draw, c, false, out);
}

const FARM_ENTERPRISES: ReadonlySet<string> = new Set([
  'beef',
  'sheep',
  'arable',
  'mixed',
  'horticulture',
]);
const isFarmEnterprise = (name: string): name is Exclude<Enterprise, 'dairy'> =>
  FARM_ENTERPRISES.has(name);

/** Animal and medicine records for a share of the cattle units whose plans keep them. */
function livestock(draw: Draw, c: UnitContext, dairy: boolean, out: BenchmarkRecords): void {
  const animals = c.features.has('records_animal');
  const medicines = c.features.has('medicinebook_animal');
  if (!(animals || medicines) || !draw.chance(LIVESTOCK_SHARE)) return;
  const herd = animalRecords(draw, dairy);
  if (animals) for (const a of herd) push(out, c.unit.id, 'animal', a);
  if (medicines) {
    const keeper = `${c.farm.contact_first_name} ${c.farm.contact_last_name}`;
    // Individual treatments name a recorded animal only when the unit keeps animal records.
    for (const m of medicineRecords(draw, dairy, keeper, animals ? herd : [])) {
      push(out, c.unit.id, 'medicine-book', m);
    }
  }
}
