import { describe, expect, it } from 'vitest';
import { evaluateGhg, type GhgInputs } from '../../../shared/calc/ghg.ts';
import { methodFor } from '../../../shared/calc/tables.ts';

/**
 * The worked examples of the domain facts (calculators-and-benchmarking.md §1.7), computed there
 * with the appendix's script from IPCC 2019 (Vol 4 Ch 10, 11), DESNZ 2024 and AR5/AR6 GWPs;
 * results are given to 0.1 kg CO2e.
 */
const method = methodFor('ghg');
const run = (inputs: GhgInputs) => evaluateGhg(inputs, method);
const line = (r: ReturnType<typeof run>, id: string) =>
  r.lines.find((l) => l.id === id)?.values ?? {};

const arable: GhgInputs = {
  synthetic_n_kg: 18_300,
  urea_kg: 5_000,
  limestone_kg: 40_000,
  gas_oil_l: 9_000,
  electricity_kwh: 20_000,
  area_ha: 100,
  product: { kind: 'grain_t', amount: 850 },
};

const dairy: GhgInputs = {
  animals: [
    {
      category: 'dairy_cow',
      head: 200,
      vs_kg_per_head_day: 4.5,
      n_excreted_kg_per_head: 110,
      pasture_fraction: 0.2,
      storage: [{ system: 'liquid_slurry_no_crust', fraction: 0.8, months: 6 }],
    },
  ],
  synthetic_n_kg: 8_000,
  gas_oil_l: 15_000,
  electricity_kwh: 60_000,
  product: { kind: 'milk_kg', amount: 200 * 8_000 },
};

const beef: GhgInputs = {
  animals: [
    { category: 'other_cattle', head: 150, n_excreted_kg_per_head: 60, pasture_fraction: 0.6 },
  ],
  synthetic_n_kg: 4_000,
  limestone_kg: 30_000,
  gas_oil_l: 6_000,
  product: { kind: 'liveweight_kg', amount: 30_000 },
};

const sheep: GhgInputs = {
  animals: [{ category: 'sheep', head: 500, n_excreted_kg_per_head: 10, pasture_fraction: 1 }],
  synthetic_n_kg: 2_000,
  gas_oil_l: 3_000,
  product: { kind: 'liveweight_kg', amount: 20_000 },
};

describe('GHG What If? (IPCC 2019 Tier 1, DESNZ 2024): facts file §1.7', () => {
  it('A. Arable, 100 ha winter wheat (wet-climate factors)', () => {
    const r = run(arable);
    expect(line(r, 'fertiliser_n2o_direct').n2o_kg).toBeCloseTo(460.114, 3);
    expect(line(r, 'fertiliser_n2o_volatilised').n2o_kg).toBeCloseTo(44.286, 3);
    expect(line(r, 'fertiliser_n2o_leached').n2o_kg).toBeCloseTo(75.919, 3);
    expect(line(r, 'urea_co2').co2_kg).toBeCloseTo(3_666.7, 1);
    expect(line(r, 'limestone_co2').co2_kg).toBeCloseTo(17_600, 6);
    expect(line(r, 'gas_oil').co2_kg).toBeCloseTo(24_798.69, 2);
    expect(line(r, 'electricity').co2_kg).toBeCloseTo(4_141, 6);
    expect(r.totals.n2o).toBeCloseTo(580.319, 3);
    expect(r.totals.co2).toBeCloseTo(50_206.4, 1);
    expect(r.totals.co2e).toBeCloseTo(203_990.9, 1);
    expect(r.totals.co2e_per_ha).toBeCloseTo(2_039.9, 1);
    expect(r.totals.co2e_per_product).toBeCloseTo(240.0, 1);
    const ar6 = run({ ...arable, gwp: 'AR6' });
    expect(ar6.totals.co2e).toBeCloseTo(208_633.5, 1);
    expect(ar6.totals.co2e_per_ha).toBeCloseTo(2_086.3, 1);
    expect(ar6.totals.co2e_per_product).toBeCloseTo(245.5, 1);
    expect(r.methodVersion).toBe('ghg-2019t1-desnz2024@1');
    expect(r.tables.energy).toBe('desnz2024-energy@1');
  });

  it('A. Arable with the aggregated factors (EF1 0.010, EF4 0.010)', () => {
    const r = run({ ...arable, efSet: 'aggregated' });
    expect(line(r, 'fertiliser_n2o_direct').n2o_kg).toBeCloseTo(287.571, 3);
    expect(line(r, 'fertiliser_n2o_volatilised').n2o_kg).toBeCloseTo(31.633, 3);
    expect(r.totals.n2o).toBeCloseTo(395.123, 3);
    expect(r.totals.co2e).toBeCloseTo(154_914.0, 1);
    expect(run({ ...arable, efSet: 'aggregated', gwp: 'AR6' }).totals.co2e).toBeCloseTo(
      158_075.0,
      1,
    );
  });

  it('B. Dairy, 200 cows', () => {
    const r = run(dairy);
    expect(line(r, 'enteric:0').ch4_kg).toBe(25_200);
    expect(line(r, 'manure_ch4:0:0').ch4_kg).toBeCloseTo(8_874.23, 2);
    expect(line(r, 'manure_ch4:0:pasture').ch4_kg).toBeCloseTo(49.653, 3);
    expect(line(r, 'manure_storage_n2o:0:0').n2o_kg).toBe(0);
    expect(line(r, 'pasture_n2o_direct:0').n2o_kg).toBeCloseTo(41.486, 3);
    expect(line(r, 'pasture_n2o_volatilised:0').n2o_kg).toBeCloseTo(20.328, 3);
    expect(line(r, 'pasture_n2o_leached:0').n2o_kg).toBeCloseTo(18.254, 3);
    expect(line(r, 'fertiliser_n2o_direct').n2o_kg).toBeCloseTo(201.143, 3);
    expect(line(r, 'fertiliser_n2o_volatilised').n2o_kg).toBeCloseTo(19.36, 3);
    expect(line(r, 'fertiliser_n2o_leached').n2o_kg).toBeCloseTo(33.189, 3);
    expect(r.totals.ch4).toBeCloseTo(34_123.88, 2);
    expect(r.totals.n2o).toBeCloseTo(333.759, 3);
    expect(r.totals.co2).toBeCloseTo(53_754.2, 1);
    expect(r.totals.co2e).toBeCloseTo(1_097_669.0, 0);
    expect(r.totals.co2e_per_head).toBeCloseTo(5_488.3, 1);
    expect(r.totals.co2e_per_product).toBeCloseTo(0.686, 4);
    const ar6 = run({ ...dairy, gwp: 'AR6' });
    expect(ar6.totals.co2e).toBeCloseTo(1_066_215.2, 0);
    expect(ar6.totals.co2e_per_head).toBeCloseTo(5_331.1, 1);
    expect(ar6.totals.co2e_per_product).toBeCloseTo(0.6664, 4);
  });

  it('C. Beef, 150 suckler cattle ("other cattle")', () => {
    const r = run(beef);
    expect(line(r, 'enteric:0').ch4_kg).toBe(7_800);
    expect(line(r, 'pasture_n2o_direct:0').n2o_kg).toBeCloseTo(50.914, 3);
    expect(line(r, 'pasture_n2o_volatilised:0').n2o_kg).toBeCloseTo(24.948, 3);
    expect(line(r, 'pasture_n2o_leached:0').n2o_kg).toBeCloseTo(22.402, 3);
    // The facts file adds lines rounded to the gram: 100.571 + 9.680 + 16.594.
    expect(r.totals.co2e_by_source.fertiliser_n2o / 265).toBeCloseTo(126.845, 2);
    expect(r.totals.co2).toBeCloseTo(29_732.5, 1);
    expect(r.totals.co2e).toBeCloseTo(307_786.7, 0);
    expect(r.totals.co2e_per_product).toBeCloseTo(10.26, 2);
    const ar6 = run({ ...beef, gwp: 'AR6' });
    expect(ar6.totals.co2e).toBeCloseTo(301_787.6, 0);
    expect(ar6.totals.co2e_per_product).toBeCloseTo(10.06, 2);
  });

  it('D. Sheep, 500 lowland ewes (EF3PRP,SO 0.003)', () => {
    const r = run(sheep);
    expect(line(r, 'enteric:0').ch4_kg).toBe(4_500);
    expect(r.totals.co2e_by_source.pasture_n2o / 265).toBeCloseTo(67.414, 3);
    expect(r.totals.co2e_by_source.fertiliser_n2o / 265).toBeCloseTo(63.423, 3);
    expect(line(r, 'gas_oil').co2_kg).toBeCloseTo(8_266.2, 1);
    // The facts file rounds its lines before adding: 168,938.1 (AR5) and 165,484.8 (AR6).
    expect(Math.abs(r.totals.co2e - 168_938.1)).toBeLessThan(0.2);
    expect(Math.abs(run({ ...sheep, gwp: 'AR6' }).totals.co2e - 165_484.8)).toBeLessThan(0.2);
    expect(r.totals.co2e_per_head).toBeCloseTo(337.9, 1);
    expect(r.totals.co2e_per_product).toBeCloseTo(8.447, 3);
  });

  it('keeps the DESNZ fuel and electricity lines the same under AR6, and says so', () => {
    const ar5 = run({ gas_oil_l: 1_000, diesel_l: 1_000, electricity_kwh: 1_000 });
    const ar6 = run({ gas_oil_l: 1_000, diesel_l: 1_000, electricity_kwh: 1_000, gwp: 'AR6' });
    expect(ar6.totals.co2e).toBe(ar5.totals.co2e);
    expect(ar5.totals.co2e).toBeCloseTo(2_755.41 + 2_512.79 + 207.05, 6);
    expect(ar6.notes.join(' ')).toMatch(/do not change with the GWP set/);
  });

  it('counts nothing for inputs not given, and records the GWP and factor sets', () => {
    const r = run({});
    expect(r.totals.co2e).toBe(0);
    expect(r.lines).toEqual([]);
    expect(r.totals.gwp).toBe('AR5');
    expect(r.totals.efSet).toBe('uk-wet');
  });

  it('refuses an unknown system, months with no MCF column and shares over 1, per field', () => {
    expect(() =>
      run({
        animals: [
          {
            category: 'dairy_cow',
            head: 1,
            pasture_fraction: 0.5,
            storage: [
              { system: 'liquid_slurry_no_crust', fraction: 0.4, months: 5 },
              { system: 'swimming_pool', fraction: 0.4 },
            ],
          },
        ],
      }),
    ).toThrow(
      expect.objectContaining({
        errors: {
          'animals.0.storage.0.months': [expect.stringMatching(/1, 3, 4, 6, 12/)],
          'animals.0.storage.1.system': [expect.stringMatching(/not a manure system/)],
          'animals.0': [expect.stringMatching(/at most 1/)],
        },
      }),
    );
  });

  it('takes other names for manure systems and products, and pasture given as a storage share', () => {
    const named = run({
      ...dairy,
      animals: [
        {
          category: 'dairy_cow',
          head: 200,
          vs_kg_per_head_day: 4.5,
          n_excreted_kg_per_head: 110,
          storage: [
            { system: 'Liquid/slurry, no crust', fraction: 0.8, months: 6 },
            { system: 'pasture', fraction: 0.2 },
          ],
        },
      ],
      product: { kind: 'milk', amount: 1_600_000 },
    });
    expect(named.totals.co2e).toBeCloseTo(run(dairy).totals.co2e, 6);
    expect(named.totals.product_unit).toBe('kg milk');
    expect(
      run({
        ...dairy,
        animals: [
          {
            category: 'dairy_cow',
            head: 200,
            vs_kg_per_head_day: 4.5,
            n_excreted_kg_per_head: 110,
            pasture_fraction: 0.2,
            storage: [{ system: 'slurry', fraction: 0.8, months: 6 }],
          },
        ],
      }).totals.co2e,
    ).toBeCloseTo(run(dairy).totals.co2e, 6);
  });
});
