import { poundsText, tonnesText, valueAtPrice } from '../../shared/remittance/money.ts';
import { outcomeFor, qualityAdjustments } from '../../shared/remittance/quality-terms.ts';
import type { LineKind } from '../../shared/remittance/types.ts';
import type { Db } from '../db/index.ts';
import { DEFAULT_SEED, mulberry32, Random } from './dataset.ts';
import { SEED_TODAY } from './surveys.ts';

/**
 * Fenland Fresh's intake (issue 19 point 4): its growers' loads of the 2025 season and of 2026 to
 * the seed's day, each with its load passport and its QC result (records of the grower's unit, as
 * config/records/load-passport.json and qc-result.json define them), and a monthly remittance
 * statement per grower built from them: each load at its contract price, its quality adjustments
 * from the QC result by the contract's terms (shared/remittance/quality-terms.ts), haulage, the
 * scheme levy and packhouse charges. The month still running (SEED_TODAY's) has loads but no
 * statement yet. Deterministic: the dataset's Random on a stream of its own.
 *
 * A few loads are settled differently from their QC result (a re-grade at the packhouse), as
 * happens: the statement's reconciliation shows them as differing.
 */

const PROVIDER = 'fenland_fresh';

interface CropSpec {
  varieties: readonly string[];
  sizeGrade: string;
  /** A trailer's load in tonnes: [low, high]. */
  tonnes: readonly [number, number];
  /** The contract price per tonne in pounds: [low, high], by season. */
  price: Readonly<Record<'2025' | '2026', readonly [number, number]>>;
  /** Months delivered: the 2025 season's (2025-08 to 2026-04) and 2026's (from 2026-07). */
  months: readonly string[];
  /** A packhouse charge per tonne (washing and grading), in pence, or none. */
  packhousePencePerTonne: bigint | null;
}

const SEASON_2025 = [
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
];
const SEASON_2026 = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

const CROPS: Readonly<Record<string, CropSpec>> = {
  potatoes: {
    varieties: ['Maris Piper', 'Markies', 'Royal', 'Lady Rosetta'],
    sizeGrade: '45–65 mm',
    tonnes: [24, 29],
    price: { '2025': [175, 195], '2026': [165, 185] },
    months: [...SEASON_2025.slice(1), ...SEASON_2026.slice(1)],
    packhousePencePerTonne: null,
  },
  onions: {
    varieties: ['Hybound', 'Red Baron', 'Centurion'],
    sizeGrade: '60–80 mm',
    tonnes: [20, 27],
    price: { '2025': [140, 170], '2026': [150, 175] },
    months: [...SEASON_2025, ...SEASON_2026.slice(1)],
    packhousePencePerTonne: null,
  },
  carrots: {
    varieties: ['Nairobi', 'Nerac'],
    sizeGrade: '20–40 mm',
    tonnes: [18, 25],
    price: { '2025': [120, 150], '2026': [125, 155] },
    months: [...SEASON_2025, ...SEASON_2026.slice(1)],
    packhousePencePerTonne: 900n,
  },
  parsnips: {
    varieties: ['Palace', 'Javelin'],
    sizeGrade: '45–65 mm',
    tonnes: [16, 23],
    price: { '2025': [260, 320], '2026': [270, 330] },
    months: [...SEASON_2025.slice(1, 8), ...SEASON_2026.slice(2)],
    packhousePencePerTonne: 900n,
  },
  brassicas: {
    varieties: ['Savoy', 'Tundra', 'Red cabbage'],
    sizeGrade: 'Class 1',
    tonnes: [8, 14],
    price: { '2025': [350, 450], '2026': [360, 460] },
    months: [...SEASON_2025.slice(2), ...SEASON_2026],
    packhousePencePerTonne: null,
  },
  leeks: {
    varieties: ['Harston', 'Krypton'],
    sizeGrade: '25–40 mm',
    tonnes: [6, 12],
    price: { '2025': [600, 750], '2026': [620, 760] },
    months: [...SEASON_2025.slice(2), ...SEASON_2026.slice(2)],
    packhousePencePerTonne: 1200n,
  },
};

/** Haulage by Fenland Fresh's own lorries, per tonne; standard-rated. */
const HAULAGE_PENCE_PER_TONNE = 750n;
/** The Grower Scheme's levy per tonne accepted (marketing and assurance); outside the scope of VAT. */
const LEVY_PENCE_PER_TONNE = 40n;
const STANDARD_RATE = 2000;
const FIELDS = [
  'Fen Piece',
  'Long Drove',
  'Mill Field',
  'Dyke Side',
  'Top Field',
  'Washway',
  'Cowbit Road',
];
const INSPECTORS = ['A. Kowalski', 'J. Marsh', 'R. Patel', 'S. Greenwood'];
const HAULIERS = ['Fenland Fresh Transport', 'Holbeach Haulage', 'Own vehicle'];

/** How a statement's lines leave the seed: as remittance_lines' columns. */
interface LineRow {
  statement_number: string;
  position: number;
  kind: LineKind;
  description: string;
  passport_number: string | null;
  qc_passport: string | null;
  crop: string | null;
  quantity_tonnes: string | null;
  pence_per_tonne: string | null;
  price_basis: string | null;
  amount_pence: string;
  vat_rate_basis_points: number;
  vat_treatment: string;
}

interface Load {
  unitId: number;
  passport: string;
  date: string;
  crop: string;
  variety: string;
  kg: bigint;
  pencePerTonne: bigint;
  season: '2025' | '2026';
  haulier: string;
  qc: {
    outcome: 'accepted' | 'accepted_with_deduction' | 'rejected';
    defectsPercent: number;
    bruisingPercent: number | null;
    dryMatterPercent: number | null;
  };
  /** Settled differently from the QC result (a re-grade at the packhouse). */
  regraded: boolean;
}

const ZERO_RATED = 'Zero-rated (food)';

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};
const oneDecimal = (random: Random, low: number, high: number) =>
  random.int(Math.round(low * 10), Math.round(high * 10)) / 10;

function registration(random: Random): string {
  const letters = 'ABCDEFGHJKLMNOPRSTUVWXY';
  const l = () => letters.charAt(random.int(0, letters.length - 1));
  return `${l()}${l()}${String(random.int(15, 75))} ${l()}${l()}${l()}`;
}

/** The QC values of a load: mostly within terms, some over a tolerance, a few rejected. */
function qcOf(random: Random, crop: string, kg: bigint, pencePerTonne: bigint): Load['qc'] {
  const potatoes = crop === 'potatoes';
  const bruisingPercent = potatoes ? oneDecimal(random, 1.5, 11) : null;
  const dryMatterPercent = potatoes ? oneDecimal(random, 19.5, 23.5) : null;
  const roll = random.int(1, 100);
  if (roll <= 2) {
    return {
      outcome: 'rejected',
      defectsPercent: oneDecimal(random, 15, 24),
      bruisingPercent,
      dryMatterPercent,
    };
  }
  const defectsPercent = roll <= 22 ? oneDecimal(random, 5.5, 11) : oneDecimal(random, 0.5, 4);
  const values = { defectsPercent, bruisingPercent, dryMatterPercent };
  return { outcome: outcomeFor({ crop, kg, pencePerTonne }, values), ...values };
}

export interface IntakeCounts {
  loads: number;
  statements: number;
}

/**
 * Loads the intake when no statement exists yet: load passports and QC results of Fenland Fresh's
 * growers, then their statements and lines. Runs after the dataset is in (it reads the units back).
 */
/** Rows per insert statement. */
const INSERT_SLICE = 5000;

function* slices<T>(rows: readonly T[]): Generator<T[]> {
  for (let from = 0; from < rows.length; from += INSERT_SLICE) {
    yield rows.slice(from, from + INSERT_SLICE);
  }
}

export async function seedIntakeIfEmpty(db: Db, seed = DEFAULT_SEED): Promise<IntakeCounts> {
  const { rows: existing } = await db.query<{ n: number }>(
    'select count(*)::int as n from remittance_statements',
  );
  if ((existing[0]?.n ?? 0) > 0) return { loads: 0, statements: 0 };
  const { rows: units } = await db.query<{
    id: number;
    provider_id: number;
    plans: string[];
    type: string;
    demo: boolean;
  }>(
    `select un.id, p.provider_id, array_agg(p.reference order by p.reference) as plans, t.name as type,
       exists (select 1 from users u join farms f on f.business_id = u.business_id where f.id = un.farm_id) as demo
     from units un join unit_types t on t.id = un.unit_type_id
     join unit_packages up on up.unit_id = un.id join packages p on p.id = up.package_id
     join providers pr on pr.id = p.provider_id
     where pr.reference = $1 group by un.id, p.provider_id, t.name order by un.id`,
    [PROVIDER],
  );
  const providerId = units[0]?.provider_id;
  if (providerId === undefined) return { loads: 0, statements: 0 };

  const random = new Random(mulberry32(seed ^ 0x17ac3e));
  const loads: Load[] = [];
  let sequence = 0;
  for (const unit of units) {
    // Most growers delivered; a demo account's unit (Highfield Arable) always did.
    if (!random.chance(0.85) && !unit.demo) continue;
    const crops = unit.plans.includes('fenland_fresh_potatoes')
      ? ['potatoes']
      : unit.type === 'Horticulture'
        ? [
            random.pick(['carrots', 'parsnips', 'brassicas', 'leeks']),
            random.pick(['onions', 'leeks']),
          ]
        : [random.pick(['potatoes', 'onions']), ...(random.chance(0.4) ? ['carrots'] : [])];
    const collected = random.chance(0.6);
    for (const crop of new Set(crops)) {
      const spec = CROPS[crop];
      if (!spec) continue;
      const variety = random.pick(spec.varieties);
      const prices = {
        '2025': BigInt(random.int(spec.price['2025'][0] * 4, spec.price['2025'][1] * 4) * 25),
        '2026': BigInt(random.int(spec.price['2026'][0] * 4, spec.price['2026'][1] * 4) * 25),
      };
      for (const month of spec.months) {
        const count = random.weighted([2, 4, 3, 1]);
        for (let n = 0; n < count; n++) {
          const day = random.int(1, 28);
          const date = `${month}-${String(day).padStart(2, '0')}`;
          if (date > SEED_TODAY) continue;
          const season = month >= '2026-07' ? '2026' : '2025';
          const kg = BigInt(random.int(spec.tonnes[0] * 1000, spec.tonnes[1] * 1000));
          const pencePerTonne = prices[season];
          sequence += 1;
          loads.push({
            unitId: unit.id,
            passport: `FFP-${season.slice(2)}-${String(sequence).padStart(6, '0')}`,
            date,
            crop,
            variety,
            kg,
            pencePerTonne,
            season,
            haulier: collected ? 'Fenland Fresh Transport' : random.pick(HAULIERS.slice(1)),
            qc: qcOf(random, crop, kg, pencePerTonne),
            regraded: random.chance(0.03),
          });
        }
      }
    }
  }
  loads.sort(
    (a, b) =>
      a.unitId - b.unitId || a.date.localeCompare(b.date) || a.passport.localeCompare(b.passport),
  );

  const at = (date: string, time: string) => `${date}T${time}Z`;
  const records = loads.flatMap((load) => {
    const stamp = at(load.date, '15:00:00');
    return [
      {
        unit_id: load.unitId,
        record_type: 'load-passport',
        created_at: at(load.date, '07:30:00'),
        data: {
          passport_number: load.passport,
          load_date: load.date,
          crop: load.crop,
          variety: load.variety,
          field_name: random.pick(FIELDS),
          vehicle_registration: registration(random),
          net_weight_tonnes: Number(tonnesText(load.kg)),
          store_or_clamp:
            load.crop === 'potatoes' || load.crop === 'onions'
              ? `Store ${String(random.int(1, 4))}`
              : 'Field',
          phi_met: 'yes',
          haulier: load.haulier,
        },
      },
      {
        unit_id: load.unitId,
        record_type: 'qc-result',
        created_at: stamp,
        data: {
          inspection_date: load.date,
          passport_number: load.passport,
          crop: load.crop,
          sample_weight_kg: 25,
          defects_percent: load.qc.defectsPercent,
          size_grade: CROPS[load.crop]?.sizeGrade,
          ...(load.qc.bruisingPercent === null
            ? {}
            : { bruising_percent: load.qc.bruisingPercent }),
          ...(load.qc.dryMatterPercent === null
            ? {}
            : { dry_matter_percent: load.qc.dryMatterPercent }),
          outcome: load.qc.outcome,
          inspector: random.pick(INSPECTORS),
        },
      },
    ];
  });

  // One statement per grower per month that has ended, from its loads.
  const byStatement = new Map<string, Load[]>();
  const currentMonth = SEED_TODAY.slice(0, 7);
  for (const load of loads) {
    const month = load.date.slice(0, 7);
    if (month >= currentMonth) continue;
    const key = `${String(load.unitId)}|${month}`;
    byStatement.set(key, [...(byStatement.get(key) ?? []), load]);
  }
  const statements: {
    provider_id: number;
    unit_id: number;
    statement_number: string;
    period_start: string;
    period_end: string;
    payment_date: string;
    created_at: string;
  }[] = [];
  const lines: LineRow[] = [];
  for (const [key, its] of byStatement) {
    const [unit, month] = key.split('|') as [string, string];
    const number = `FFR-${month.replace('-', '')}-${unit.padStart(5, '0')}`;
    const paymentDate = `${nextMonth(month)}-20`;
    statements.push({
      provider_id: providerId,
      unit_id: Number(unit),
      statement_number: number,
      period_start: `${month}-01`,
      period_end: lastDay(month),
      payment_date: paymentDate,
      created_at: at(`${nextMonth(month)}-05`, '09:00:00'),
    });
    lines.push(...statementLines(number, its));
  }

  // In one transaction, so that an intake cut short is seeded again whole; in slices, since at
  // 200,000 farms the lines alone are too large for one parameter.
  await db.transaction(async (tx) => {
    const qcIds = new Map<string, number>();
    for (const slice of slices(records)) {
      const { rows: inserted } = await tx.query<{ id: number; passport: string | null }>(
        `insert into records (unit_id, record_type, data, created_at, updated_at)
         select unit_id, record_type, data, created_at, created_at
         from jsonb_to_recordset($1::jsonb) as x(unit_id integer, record_type text, data jsonb, created_at timestamptz)
         returning id, case when record_type = 'qc-result' then data->>'passport_number' end as passport`,
        [JSON.stringify(slice)],
      );
      for (const r of inserted) if (r.passport !== null) qcIds.set(r.passport, r.id);
    }
    for (const slice of slices(statements)) {
      await tx.query(
        `insert into remittance_statements (provider_id, unit_id, statement_number, period_start, period_end, payment_date, created_at)
         select * from jsonb_to_recordset($1::jsonb) as x(provider_id integer, unit_id integer,
           statement_number text, period_start date, period_end date, payment_date date, created_at timestamptz)`,
        [JSON.stringify(slice)],
      );
    }
    for (const slice of slices(lines)) {
      await tx.query(
        `insert into remittance_lines (statement_id, position, kind, description, passport_number, qc_record_id,
           crop, quantity_tonnes, pence_per_tonne, price_basis, amount_pence, vat_rate_basis_points, vat_treatment)
         select s.id, x.position, x.kind, x.description, x.passport_number, x.qc_record_id, x.crop,
           x.quantity_tonnes, x.pence_per_tonne, x.price_basis, x.amount_pence, x.vat_rate_basis_points, x.vat_treatment
         from jsonb_to_recordset($1::jsonb) as x(statement_number text, position integer, kind text,
           description text, passport_number text, qc_record_id integer, crop text, quantity_tonnes numeric,
           pence_per_tonne bigint, price_basis text, amount_pence bigint, vat_rate_basis_points integer,
           vat_treatment text)
         join remittance_statements s on s.provider_id = $2 and s.statement_number = x.statement_number`,
        [
          JSON.stringify(
            slice.map(({ qc_passport, ...line }) => ({
              ...line,
              qc_record_id: qc_passport === null ? null : (qcIds.get(qc_passport) ?? null),
            })),
          ),
          providerId,
        ],
      );
    }
  });
  return { loads: loads.length, statements: statements.length };
}

/** A statement's lines: each load, its quality lines and haulage; then the levy and packhouse charges. */
function statementLines(number: string, loads: readonly Load[]): LineRow[] {
  const out: LineRow[] = [];
  const add = (line: Omit<LineRow, 'statement_number' | 'position'>) =>
    out.push({ statement_number: number, position: out.length + 1, ...line });
  let acceptedKg = 0n;
  const packhouseKg = new Map<string, bigint>();
  for (const load of loads) {
    const tonnes = tonnesText(load.kg);
    const value = valueAtPrice(load.kg, load.pencePerTonne);
    const spec = CROPS[load.crop];
    add({
      kind: 'load',
      description: `Load of ${load.date}: ${load.crop} (${load.variety}), ${tonnes} t`,
      passport_number: load.passport,
      qc_passport: load.passport,
      crop: load.crop,
      quantity_tonnes: tonnes,
      pence_per_tonne: load.pencePerTonne.toString(),
      price_basis: `Contract ${load.season}, ${load.variety}, ${spec?.sizeGrade ?? ''} at £${poundsText(load.pencePerTonne)}/t`,
      amount_pence: value.toString(),
      vat_rate_basis_points: 0,
      vat_treatment: ZERO_RATED,
    });
    const adjustments = qualityAdjustments(
      { crop: load.crop, kg: load.kg, pencePerTonne: load.pencePerTonne },
      { ...load.qc },
    );
    for (const adjustment of adjustments) {
      // A re-grade at the packhouse settles a deduction at half as much again as the QC result's.
      const regrade =
        load.regraded && adjustment.amountPence < 0n && load.qc.outcome !== 'rejected';
      add({
        kind: 'quality',
        description: regrade
          ? `Re-grade at the packhouse: ${adjustment.description}`
          : adjustment.description,
        passport_number: load.passport,
        qc_passport: null,
        crop: load.crop,
        quantity_tonnes: adjustment.kg === null ? null : tonnesText(adjustment.kg),
        pence_per_tonne: adjustment.pencePerTonne?.toString() ?? null,
        price_basis: null,
        amount_pence: (regrade
          ? (adjustment.amountPence * 3n) / 2n
          : adjustment.amountPence
        ).toString(),
        vat_rate_basis_points: 0,
        vat_treatment: ZERO_RATED,
      });
    }
    if (load.haulier === 'Fenland Fresh Transport') {
      add({
        kind: 'haulage',
        description: `Haulage by Fenland Fresh Transport, ${tonnes} t at £${poundsText(HAULAGE_PENCE_PER_TONNE)}/t`,
        passport_number: load.passport,
        qc_passport: null,
        crop: load.crop,
        quantity_tonnes: tonnes,
        pence_per_tonne: HAULAGE_PENCE_PER_TONNE.toString(),
        price_basis: null,
        amount_pence: (-valueAtPrice(load.kg, HAULAGE_PENCE_PER_TONNE)).toString(),
        vat_rate_basis_points: STANDARD_RATE,
        vat_treatment: 'Standard rate',
      });
    }
    if (load.qc.outcome !== 'rejected') {
      acceptedKg += load.kg;
      if (spec?.packhousePencePerTonne) {
        packhouseKg.set(load.crop, (packhouseKg.get(load.crop) ?? 0n) + load.kg);
      }
    }
  }
  for (const [crop, kg] of packhouseKg) {
    const rate = CROPS[crop]?.packhousePencePerTonne ?? 0n;
    add({
      kind: 'deduction',
      description: `Washing and grading (${crop}), ${tonnesText(kg)} t at £${poundsText(rate)}/t`,
      passport_number: null,
      qc_passport: null,
      crop,
      quantity_tonnes: tonnesText(kg),
      pence_per_tonne: rate.toString(),
      price_basis: null,
      amount_pence: (-valueAtPrice(kg, rate)).toString(),
      vat_rate_basis_points: STANDARD_RATE,
      vat_treatment: 'Standard rate',
    });
  }
  if (acceptedKg > 0n) {
    add({
      kind: 'levy',
      description: `Grower Scheme levy, ${tonnesText(acceptedKg)} t accepted at £${poundsText(LEVY_PENCE_PER_TONNE)}/t`,
      passport_number: null,
      qc_passport: null,
      crop: null,
      quantity_tonnes: tonnesText(acceptedKg),
      pence_per_tonne: LEVY_PENCE_PER_TONNE.toString(),
      price_basis: null,
      amount_pence: (-valueAtPrice(acceptedKg, LEVY_PENCE_PER_TONNE)).toString(),
      vat_rate_basis_points: 0,
      vat_treatment: 'Outside the scope of VAT',
    });
  }
  return out;
}
