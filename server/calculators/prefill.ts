import type { FastifyInstance } from 'fastify';
import conversions from '../../config/calculators/conversions.json' with { type: 'json' };
import { recordRule } from '../../shared/access/rule-book.ts';
import type { ApiCalculatorPrefill, ApiPrefillSource } from '../../shared/api.ts';
import { CALCULATORS, isCalculatorName, type CalculatorName } from '../../shared/calc/index.ts';
import { recordsCategory } from '../../shared/consent/types.ts';
import { noteRead } from '../consent/access-log.ts';
import { assertUnitVisible, positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { recordListPath } from '../portal-paths.ts';
import { displayValue } from '../records/display.ts';
import type { RecordType } from '../records/record-types.ts';

/**
 * "Record once, compute many" (issue 16, point 6): a calculator's baseline inputs from the
 * unit's own records, each with the record it came from. Only what the records hold is
 * prefilled, never a default or a guess, and only from record types whose rule
 * (record:<type>) the user holds on the unit, so a prefill shows nothing its records screen
 * would not. The user may override every value; nothing is saved here.
 *
 * The mappings (field names from config/records/<type>.json):
 * - Herd, dairy (ghg-dairy, and ghg): `animals.0` = dairy_cow × (cows_in_milk + dry_cows) of
 *   the latest monthly record (by month) that gives either.
 * - Herd, beef and sheep (ghg-beef, ghg-sheep): `animals.0` = other_cattle or sheep × the
 *   number of animal records whose status is "On farm" (or not given); the animal record type
 *   has no species, so the unit's enterprise (the calculator) says which.
 * - Milk sold (ghg-dairy, ghg): `product` = {kind: milk_kg, amount}: the monthly records'
 *   milk_sold_litres summed over the 12 months ending with the latest month that has it,
 *   converted at MILK_KG_PER_LITRE (config/calculators/conversions.json), rounded to the kg.
 * - Fertiliser N and area (every GHG calculator): crop records of the latest harvest year (the
 *   year of their harvest dates): `synthetic_n_kg` = Σ field_area_ha × nitrogen_kg_per_ha
 *   ("Total nitrogen applied": the record does not split manufactured from organic N, which
 *   the source's note says); `area_ha` = Σ field_area_ha. For beef, dairy and sheep the
 *   latest annual record's total_farmed_ha is the area when it is given (the whole farm, not
 *   only the cropped fields); for arable the crop records' area comes first.
 * - Grain (ghg-arable): `product` = {kind: grain_t, amount: Σ yield_t_per_ha × field_area_ha}
 *   of that year's combinable crops (wheat, barley, oilseed rape, field beans, peas).
 * - Fuel and electricity: `diesel_l`, `gas_oil_l`, `electricity_kwh` = diesel_litres,
 *   gas_oil_litres, electricity_kwh of the latest annual record (by year end), the fields it
 *   gives; never taken from an older year.
 * - BPS, STIR, EIQ: no record type holds BPS payments alone (annual scheme income mixes BPS
 *   and SFI), tillage operations or spray applications, so they prefill nothing yet.
 */

/**
 * kg of milk per litre, for litres sold → kg milk: from config/calculators/conversions.json,
 * where its source is named and it is marked not confirmed by the facts file.
 */
export const MILK_KG_PER_LITRE = conversions.milkKgPerLitre.value;

/** Combinable crops whose yield counts as grain for the arable calculator's t grain. */
const GRAIN_CROPS: ReadonlySet<string> = new Set([
  'Winter wheat',
  'Spring barley',
  'Winter barley',
  'Oilseed rape',
  'Field beans',
  'Peas',
]);

/** Where a prefilled input came from (shared/api.ts, the portal reads the same type). */
export type PrefillSource = ApiPrefillSource;

export type Prefill = ApiCalculatorPrefill;

interface Row {
  id: number;
  data: Record<string, unknown>;
}

type Enterprise = 'dairy' | 'beef' | 'sheep' | 'arable' | 'any';

/** The enterprise a GHG calculator is about, by its rule. */
function enterpriseOf(name: CalculatorName): Enterprise {
  const rule: string = CALCULATORS[name].rule;
  if (rule === 'ghg-what-if-dairy') return 'dairy';
  if (rule === 'ghg-what-if-beef') return 'beef';
  if (rule === 'ghg-what-if-sheep') return 'sheep';
  if (rule === 'ghg-what-if-arable') return 'arable';
  return 'any';
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;
const round = (v: number, places = 3) => Math.round(v * 10 ** places) / 10 ** places;
const fmt = (v: number) => v.toLocaleString('en-GB', { maximumFractionDigits: 2 });
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "2026-03" → its month index since year 0, for a 12-month window. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

export function registerPrefillRoute(
  app: FastifyInstance,
  db: Db,
  recordTypes: ReadonlyMap<string, RecordType>,
  access: AccessRules,
): void {
  const guard: RouteGuard = {
    rule: (request) => {
      const { name } = request.params as { name?: string };
      return name !== undefined && isCalculatorName(name) ? CALCULATORS[name].rule : undefined;
    },
    scope: 'unit',
  };

  app.get<{ Params: { unitId: string; name: string } }>(
    '/units/:unitId/calculators/:name/prefill',
    { config: { access: 'user', guard } },
    async (request) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const { name } = request.params;
      if (!isCalculatorName(name)) {
        await assertUnitVisible(db, user, unitId);
        throw notFound(`There is no calculator "${name}".`);
      }
      const calculator = CALCULATORS[name];

      /** The unit's records of a type, when the user may read that type on the unit. */
      const readable = new Map<string, Row[] | null>();
      async function records(typeName: string): Promise<Row[] | null> {
        if (readable.has(typeName)) return readable.get(typeName) ?? null;
        let rows: Row[] | null = null;
        if (recordTypes.has(typeName)) {
          const grants = await access.grants(user, recordRule(typeName), { unitId });
          if (grants.length > 0) {
            rows = (
              await db.query<Row>(
                'select id, data from records where unit_id = $1 and record_type = $2 order by id',
                [unitId, typeName],
              )
            ).rows;
            noteRead(request, {
              unitId,
              categories: [recordsCategory(typeName)],
              what: `${calculator.title}: inputs filled in from records`,
            });
          }
        }
        readable.set(typeName, rows);
        return rows;
      }

      return ok(await prefill(name, records, recordTypes));
    },
  );
}

/** The prefill of a calculator from the records `records(type)` gives (null: not readable). */
export async function prefill(
  name: CalculatorName,
  records: (type: string) => Promise<Row[] | null>,
  recordTypes: ReadonlyMap<string, RecordType>,
): Promise<Prefill> {
  const out: Prefill = { inputs: {}, sources: {}, notes: [] };
  const kind = CALCULATORS[name].kind;
  if (kind !== 'ghg') {
    out.notes.push(
      kind === 'bps'
        ? 'No record type holds BPS payments alone (annual records give Basic Payment and SFI income together), so nothing is prefilled.'
        : kind === 'stir'
          ? 'No record type holds tillage operations, so nothing is prefilled.'
          : 'No record type holds spray applications, so nothing is prefilled.',
    );
    return out;
  }

  const source = (
    typeName: string,
    rows: readonly Row[],
    label: string,
    note?: string,
  ): PrefillSource => {
    const latest = rows[rows.length - 1] as Row;
    return {
      recordType: typeName,
      recordId: String(latest.id),
      ...(rows.length > 1 ? { recordIds: rows.map((r) => String(r.id)) } : {}),
      label,
      path: recordListPath(typeName),
      ...(note ? { note } : {}),
    };
  };
  const shown = (typeName: string, field: string, value: unknown) => {
    const type = recordTypes.get(typeName);
    return type ? displayValue(type, field, value) : String(value);
  };
  const item = (typeName: string) => capital(recordTypes.get(typeName)?.itemTitle ?? typeName);

  const enterprise = enterpriseOf(name);
  const monthly = enterprise === 'dairy' || enterprise === 'any' ? await records('monthly') : null;

  // Herd: dairy cows from the latest monthly record with a herd size.
  if (monthly) {
    const byMonth = monthly
      .filter((r) => text(r.data.month) !== undefined)
      .sort((a, b) => String(a.data.month).localeCompare(String(b.data.month)) || a.id - b.id);
    const herd = byMonth.filter(
      (r) => num(r.data.cows_in_milk) !== undefined || num(r.data.dry_cows) !== undefined,
    );
    const latest = herd[herd.length - 1];
    if (latest) {
      const inMilk = num(latest.data.cows_in_milk) ?? 0;
      const dry = num(latest.data.dry_cows) ?? 0;
      out.inputs.animals = [{ category: 'dairy_cow', head: inMilk + dry }];
      out.sources['animals.0.head'] = source(
        'monthly',
        [latest],
        `${item('monthly')}, ${shown('monthly', 'month', latest.data.month)}`,
        `${fmt(inMilk)} cows in milk + ${fmt(dry)} dry cows`,
      );
    }
    // Milk sold: the 12 months ending with the latest month that gives it.
    const milk = byMonth.filter((r) => num(r.data.milk_sold_litres) !== undefined);
    const last = milk[milk.length - 1];
    if (last) {
      const end = monthIndex(String(last.data.month));
      const window = milk.filter((r) => end - monthIndex(String(r.data.month)) < 12);
      const litres = window.reduce((sum, r) => sum + (num(r.data.milk_sold_litres) ?? 0), 0);
      const first = window[0] as Row;
      const months = new Set(window.map((r) => String(r.data.month).slice(0, 7))).size;
      out.inputs.product = { kind: 'milk_kg', amount: Math.round(litres * MILK_KG_PER_LITRE) };
      const span = `${shown('monthly', 'month', first.data.month)} to ${shown('monthly', 'month', last.data.month)}`;
      out.sources['product.amount'] = source(
        'monthly',
        window,
        `${item('monthly')}s, ${span}`,
        `${fmt(litres)} litres of milk sold in ${String(months)} month${months === 1 ? '' : 's'} × ${String(MILK_KG_PER_LITRE)} kg/litre${conversions.milkKgPerLitre.confirmed ? '' : ' (a conversion not confirmed by a cited source)'}`,
      );
      if (months < 12) {
        out.notes.push(
          `Milk sold covers ${String(months)} of the last 12 months (${span}): add the missing months' records or enter the year's milk yourself.`,
        );
      }
    }
  }

  // Herd: beef cattle or sheep from the animal records on the farm.
  if ((enterprise === 'beef' || enterprise === 'sheep') && out.inputs.animals === undefined) {
    const animals = await records('animal');
    const onFarm = (animals ?? []).filter((r) => {
      const status = text(r.data.status);
      return status === undefined || status === 'On farm';
    });
    if (onFarm.length > 0) {
      const category = enterprise === 'beef' ? 'other_cattle' : 'sheep';
      out.inputs.animals = [{ category, head: onFarm.length }];
      out.sources['animals.0.head'] = source(
        'animal',
        onFarm,
        `${item('animal')}s: ${String(onFarm.length)} on farm`,
        `${String(onFarm.length)} animal records whose status is On farm (or not given)`,
      );
    }
  }
  if (out.inputs.animals === undefined && enterprise !== 'arable') {
    out.notes.push(
      enterprise === 'beef' || enterprise === 'sheep'
        ? 'No animal records on farm: enter the herd or flock yourself.'
        : 'No monthly record gives cows in milk or dry cows: enter the herd yourself.',
    );
  }

  // Crops of the latest harvest year: fertiliser N, area, and grain for arable.
  const crops = (await records('crop')) ?? [];
  const harvested = crops.filter((r) => /^\d{4}/.test(text(r.data.harvest_date) ?? ''));
  const year = harvested.reduce(
    (max, r) => Math.max(max, Number(String(r.data.harvest_date).slice(0, 4))),
    0,
  );
  const ofYear = harvested.filter((r) => String(r.data.harvest_date).startsWith(String(year)));
  const withArea = ofYear.filter((r) => num(r.data.field_area_ha) !== undefined);
  const cropLabel = `${item('crop')}s, harvest ${String(year)}`;
  const withN = withArea.filter((r) => num(r.data.nitrogen_kg_per_ha) !== undefined);
  if (withN.length > 0) {
    const n = withN.reduce(
      (sum, r) => sum + (num(r.data.field_area_ha) ?? 0) * (num(r.data.nitrogen_kg_per_ha) ?? 0),
      0,
    );
    out.inputs.synthetic_n_kg = round(n);
    out.sources.synthetic_n_kg = source(
      'crop',
      withN,
      cropLabel,
      `Σ field area × total nitrogen applied over ${String(withN.length)} field${withN.length === 1 ? '' : 's'}; the crop record does not split manufactured from organic N: take off any N from manure`,
    );
  }
  const cropArea = withArea.reduce((sum, r) => sum + (num(r.data.field_area_ha) ?? 0), 0);
  if (enterprise === 'arable') {
    const grain = withArea.filter(
      (r) => GRAIN_CROPS.has(text(r.data.crop) ?? '') && num(r.data.yield_t_per_ha) !== undefined,
    );
    if (grain.length > 0) {
      const t = grain.reduce(
        (sum, r) => sum + (num(r.data.field_area_ha) ?? 0) * (num(r.data.yield_t_per_ha) ?? 0),
        0,
      );
      out.inputs.product = { kind: 'grain_t', amount: round(t) };
      out.sources['product.amount'] = source(
        'crop',
        grain,
        cropLabel,
        `Σ field area × yield of the combinable crops (${[...GRAIN_CROPS].join(', ').toLowerCase()})`,
      );
    }
  }

  // The latest annual record (by year end): the farmed area, fuel and electricity.
  const annual = (await records('annual')) ?? [];
  const byYearEnd = annual
    .filter((r) => text(r.data.year_end_date) !== undefined)
    .sort(
      (a, b) =>
        String(a.data.year_end_date).localeCompare(String(b.data.year_end_date)) || a.id - b.id,
    );
  const annualLabel = (r: Row) =>
    `${item('annual')}, year ending ${shown('annual', 'year_end_date', r.data.year_end_date)}`;
  const latestWith = (field: string) =>
    [...byYearEnd].reverse().find((r) => num(r.data[field]) !== undefined);
  const farmed = latestWith('total_farmed_ha');
  const cropFirst = enterprise === 'arable';
  if (withArea.length > 0 && (cropFirst || !farmed)) {
    out.inputs.area_ha = round(cropArea);
    out.sources.area_ha = source(
      'crop',
      withArea,
      cropLabel,
      `Σ field area over ${String(withArea.length)} field${withArea.length === 1 ? '' : 's'}`,
    );
  } else if (farmed) {
    out.inputs.area_ha = num(farmed.data.total_farmed_ha);
    out.sources.area_ha = source('annual', [farmed], annualLabel(farmed), 'Total farmed area');
  }
  const annualFields = recordTypes.get('annual')?.schema.properties ?? {};
  const energy: [input: string, field: string][] = [
    ['diesel_l', 'diesel_litres'],
    ['gas_oil_l', 'gas_oil_litres'],
    ['electricity_kwh', 'electricity_kwh'],
  ];
  // Fuel and electricity of one year only: the latest annual record's, never mixed with older.
  const latestYear = byYearEnd[byYearEnd.length - 1];
  for (const [input, field] of energy) {
    if (!latestYear || !Object.hasOwn(annualFields, field)) continue;
    const value = num(latestYear.data[field]);
    if (value === undefined) continue;
    out.inputs[input] = value;
    out.sources[input] = source('annual', [latestYear], annualLabel(latestYear));
  }
  if (!energy.some(([input]) => input in out.inputs)) {
    out.notes.push(
      energy.some(([, field]) => Object.hasOwn(annualFields, field))
        ? 'The latest annual record gives no fuel or electricity used: enter them yourself.'
        : 'Annual records do not hold fuel or electricity used: enter them yourself.',
    );
  }
  if (withN.length === 0) {
    out.notes.push(
      'No crop record gives field area and nitrogen applied: enter fertiliser N yourself.',
    );
  }
  return out;
}
