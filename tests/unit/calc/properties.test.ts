import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandSlices, evaluateBps } from '../../../shared/calc/bps.ts';
import { evaluateEiq } from '../../../shared/calc/eiq.ts';
import {
  ANIMAL_CATEGORIES,
  evaluateGhg,
  manureSystems,
  type AnimalGroup,
  type GhgInputs,
} from '../../../shared/calc/ghg.ts';
import { evaluateStir } from '../../../shared/calc/stir.ts';
import { methodFor, tableOf } from '../../../shared/calc/tables.ts';

/** Properties every input must keep (fast-check): monotonicity and linearity. */
const ghg = methodFor('ghg');
const bps = methodFor('bps');
const amount = (max: number) => fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true });

const storage = fc.constantFrom(...manureSystems(ghg)).chain((system) =>
  fc.record({
    system: fc.constant(system.key),
    fraction: amount(0.5),
    ...(system.months ? { months: fc.constantFrom(...system.months) } : {}),
  }),
);

const group: fc.Arbitrary<AnimalGroup> = fc.record({
  category: fc.constantFrom(...ANIMAL_CATEGORIES),
  head: fc.integer({ min: 0, max: 5_000 }),
  vs_kg_per_head_day: amount(10),
  n_excreted_kg_per_head: amount(200),
  pasture_fraction: amount(0.5),
  storage: fc.array(storage, { maxLength: 1 }),
});

const farm: fc.Arbitrary<GhgInputs> = fc.record(
  {
    gwp: fc.constantFrom('AR5', 'AR6'),
    efSet: fc.constantFrom('uk-wet', 'aggregated'),
    animals: fc.array(group, { maxLength: 3 }),
    synthetic_n_kg: amount(100_000),
    urea_kg: amount(50_000),
    limestone_kg: amount(500_000),
    dolomite_kg: amount(500_000),
    diesel_l: amount(100_000),
    gas_oil_l: amount(100_000),
    electricity_kwh: amount(1_000_000),
  },
  { requiredKeys: [] },
);

const co2e = (inputs: GhgInputs) => evaluateGhg(inputs, ghg).totals.co2e;

describe('GHG properties', () => {
  it('more fertiliser never lowers emissions (N, urea, lime, fuel, power)', () => {
    const inputs = [
      'synthetic_n_kg',
      'urea_kg',
      'limestone_kg',
      'dolomite_kg',
      'diesel_l',
      'gas_oil_l',
      'electricity_kwh',
    ] as const;
    fc.assert(
      fc.property(farm, fc.constantFrom(...inputs), amount(50_000), (base, input, extra) => {
        const more = { ...base, [input]: (base[input] ?? 0) + extra };
        expect(co2e(more)).toBeGreaterThanOrEqual(co2e(base));
      }),
    );
  });

  it('more animals never lower emissions', () => {
    fc.assert(
      fc.property(farm, fc.integer({ min: 0, max: 1_000 }), (base, extra) => {
        const animals = base.animals ?? [];
        fc.pre(animals.length > 0);
        const more = {
          ...base,
          animals: animals.map((g, i) => (i === 0 ? { ...g, head: g.head + extra } : g)),
        };
        expect(co2e(more)).toBeGreaterThanOrEqual(co2e(base));
      }),
    );
  });

  it('twice the herd, twice the enteric CH4 (and twice every animal line)', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 3 }), (animals) => {
        const one = evaluateGhg({ animals }, ghg);
        const two = evaluateGhg({ animals: animals.map((g) => ({ ...g, head: 2 * g.head })) }, ghg);
        const enteric = (r: typeof one) => r.totals.co2e_by_source.enteric;
        expect(enteric(two)).toBeCloseTo(2 * enteric(one), 6);
        expect(two.totals.ch4).toBeCloseTo(2 * one.totals.ch4, 6);
        expect(two.totals.n2o).toBeCloseTo(2 * one.totals.n2o, 6);
        two.lines.forEach((line, i) => {
          expect(line.values.co2e_kg).toBeCloseTo(2 * (one.lines[i]?.values.co2e_kg as number), 6);
        });
      }),
    );
  });

  it('adds up: the total is the sum of its lines, by gas and by source', () => {
    fc.assert(
      fc.property(farm, (inputs) => {
        const r = evaluateGhg(inputs, ghg);
        const lines = r.lines.reduce((t, l) => t + (l.values.co2e_kg as number), 0);
        const bySource = Object.values(r.totals.co2e_by_source).reduce((a, b) => a + b, 0);
        const byGas = Object.values(r.totals.co2e_by_gas).reduce((a, b) => a + b, 0);
        const tolerance = 1e-9 * Math.max(1, r.totals.co2e);
        expect(Math.abs(lines - r.totals.co2e)).toBeLessThan(tolerance);
        expect(Math.abs(bySource - r.totals.co2e)).toBeLessThan(tolerance);
        expect(Math.abs(byGas - r.totals.co2e)).toBeLessThan(tolerance);
      }),
    );
  });
});

describe('BPS properties', () => {
  const table = tableOf(bps, 'reductions');
  const year = fc.constantFrom(2021, 2022, 2023, 2024, 2025, 2026, 2027);
  const pounds = fc.integer({ min: 0, max: 50_000_000 }).map((p) => p / 100);

  it('a higher band never has a lower rate, in any year', () => {
    for (const y of [2021, 2022, 2023, 2024, 2025, 2026, 2027]) {
      const rates = (table.bands ?? []).map((b) => b.rates[String(y)] ?? -1);
      expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    }
  });

  it('a larger amount never has a smaller reduction nor a smaller payment', () => {
    fc.assert(
      fc.property(year, pounds, pounds, (y, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const l = evaluateBps({ year: y, amount: low }, bps).totals;
        const h = evaluateBps({ year: y, amount: high }, bps).totals;
        expect(h.reduction_pence).toBeGreaterThanOrEqual(l.reduction_pence);
        expect(h.payment_pence).toBeGreaterThanOrEqual(l.payment_pence);
      }),
    );
  });

  it('a later year never pays more for the same amount', () => {
    fc.assert(
      fc.property(pounds, (a) => {
        const paid = [2021, 2022, 2023, 2024, 2025, 2026, 2027].map(
          (y) => evaluateBps({ year: y, amount: a }, bps).totals.payment_pence,
        );
        expect([...paid].sort((x, y) => y - x)).toEqual(paid);
      }),
    );
  });

  it('stays in whole pence: the slices make up the amount, kept plus reduction each slice', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 0, max: 5_000_000_000 }), (y, pence) => {
        const slices = bandSlices(table, y, pence);
        expect(slices.reduce((t, s) => t + s.slice_pence, 0)).toBe(pence);
        for (const s of slices) {
          expect(Number.isInteger(s.kept_pence)).toBe(true);
          expect(s.kept_pence + s.reduction_pence).toBe(s.slice_pence);
        }
      }),
    );
  });
});

describe('STIR and EIQ properties', () => {
  it('STIR adds up over operations and grows with speed, depth and surface disturbed', () => {
    const op = fc.record({
      speed_kmh: amount(30),
      depth_cm: amount(50),
      tillage_type: fc.constantFrom(
        'inversion',
        'mixing_inversion',
        'mixing',
        'lifting',
        'compression',
      ),
      surface_disturbed_pct: amount(100),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 5 }), op, amount(10), (ops, extra, more) => {
        const stir = (operations: typeof ops) =>
          evaluateStir({ operations }, methodFor('stir')).totals.stir;
        expect(stir([...ops, extra])).toBeCloseTo(stir(ops) + stir([extra]), 6);
        expect(stir([{ ...extra, depth_cm: extra.depth_cm + more }])).toBeGreaterThanOrEqual(
          stir([extra]),
        );
      }),
    );
  });

  it('Field Use EIQ is linear in the amount applied', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 250, noNaN: true }), amount(20), (eiq, kg) => {
        const field = (ai: number) =>
          evaluateEiq({ applications: [{ eiq, ai_kg_per_ha: ai }] }, methodFor('eiq')).totals;
        expect(field(2 * kg).field_eiq_per_ha).toBeCloseTo(2 * field(kg).field_eiq_per_ha, 6);
        expect(field(2 * kg).field_eiq_per_acre).toBeCloseTo(2 * field(kg).field_eiq_per_acre, 6);
      }),
    );
  });
});
