import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUT_SCHEMAS } from '../../server/calculators/routes.ts';
import {
  ErrorType,
  type ApiErrorBody,
  type ApiSuccess,
  type AuthResponse,
} from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * POST /api/calculators/{name}/evaluate on a real server: the worked examples of the domain
 * facts (calculators-and-benchmarking.md §1.7, §2.3, §3.2, §4.3) through the API, 406 with
 * per-field errors for inputs it cannot use, 403 for a user whose plan lacks the calculator.
 */
interface Result {
  calculator: string;
  methodVersion: string;
  tables: Record<string, string>;
  sources: Record<string, { title: string; source: string; year: number; gwpBasis: string }>;
  totals: Record<string, number | null | string | boolean | Record<string, number>>;
  lines: { id: string; values: Record<string, number> }[];
  notes: string[];
  change?: Record<
    string,
    { baseline: number; scenario: number; change: number; change_pct: number }
  >;
}

describe('the calculators’ evaluation API', () => {
  let t: TestApp;
  let farmer: AuthResponse; // Lower Dale: a dairy plan with ghg_what_if_dairy and BPS What If?
  let multi: AuthResponse; // Highfield: arable (STIR, EIQ, GHG arable), beef, sheep
  let buyer: AuthResponse; // company staff, no unit

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi, buyer] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
      loginAs(t.app, 'buyer@example.com'),
    ]);
  });
  afterAll(() => t.close());

  const post = (who: AuthResponse, name: string, body: unknown, query = '') =>
    signedInject(t.app, who.auth_token, 'POST', `/api/calculators/${name}/evaluate${query}`, body);

  async function evaluate(who: AuthResponse, name: string, body: unknown): Promise<Result> {
    const response = await post(who, name, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiSuccess<Result>>().data;
  }

  async function refused(who: AuthResponse, name: string, body: unknown, status = 406) {
    const response = await post(who, name, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<ApiErrorBody>();
  }

  describe('GHG What If? (facts file §1.7)', () => {
    const arable = {
      synthetic_n_kg: 18_300,
      urea_kg: 5_000,
      limestone_kg: 40_000,
      gas_oil_l: 9_000,
      electricity_kwh: 20_000,
      area_ha: 100,
      product: { kind: 'grain_t', amount: 850 },
    };

    it('A. Arable: AR5 203,990.9 and AR6 208,633.5 kg CO2e; aggregated 154,914.0', async () => {
      const r = await evaluate(multi, 'ghg-arable', { inputs: arable });
      expect(r.methodVersion).toBe('ghg-2019t1-desnz2024@1');
      expect(r.totals.co2e).toBeCloseTo(203_990.9, 1);
      expect(r.totals.n2o).toBeCloseTo(580.319, 3);
      expect(r.totals.co2).toBeCloseTo(50_206.4, 1);
      expect(r.totals.co2e_per_ha).toBeCloseTo(2_039.9, 1);
      expect(r.totals.co2e_per_product).toBeCloseTo(240.0, 1);
      expect(r.totals.gwp).toBe('AR5');
      expect(r.sources['desnz2024-energy@1']?.gwpBasis).toBe('AR5');
      const ar6 = await evaluate(multi, 'ghg', { inputs: { ...arable, gwp: 'AR6' } });
      expect(ar6.totals.co2e).toBeCloseTo(208_633.5, 1);
      const aggregated = await evaluate(multi, 'ghg', {
        inputs: { ...arable, efSet: 'aggregated' },
      });
      expect(aggregated.totals.co2e).toBeCloseTo(154_914.0, 1);
    });

    it('B. Dairy, 200 cows: AR5 1,097,669.0 and AR6 1,066,215.2; per kg milk 0.6860', async () => {
      const dairy = {
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
        product: { kind: 'milk_kg', amount: 1_600_000 },
      };
      const r = await evaluate(farmer, 'ghg-dairy', { inputs: dairy });
      expect(r.totals.ch4).toBeCloseTo(34_123.88, 2);
      expect(r.totals.co2e).toBeCloseTo(1_097_669.0, 0);
      expect(r.totals.co2e_per_head).toBeCloseTo(5_488.3, 1);
      expect(r.totals.co2e_per_product).toBeCloseTo(0.686, 4);
      const ar6 = await evaluate(farmer, 'ghg-dairy', { inputs: { ...dairy, gwp: 'AR6' } });
      expect(ar6.totals.co2e).toBeCloseTo(1_066_215.2, 0);
    });

    it('C. Beef and D. Sheep', async () => {
      const beef = await evaluate(multi, 'ghg-beef', {
        inputs: {
          animals: [
            {
              category: 'other_cattle',
              head: 150,
              n_excreted_kg_per_head: 60,
              pasture_fraction: 0.6,
            },
          ],
          synthetic_n_kg: 4_000,
          limestone_kg: 30_000,
          gas_oil_l: 6_000,
          product: { kind: 'liveweight_kg', amount: 30_000 },
        },
      });
      expect(beef.totals.co2e).toBeCloseTo(307_786.7, 0);
      const sheep = {
        animals: [
          { category: 'sheep', head: 500, n_excreted_kg_per_head: 10, pasture_fraction: 1 },
        ],
        synthetic_n_kg: 2_000,
        gas_oil_l: 3_000,
        product: { kind: 'liveweight_kg', amount: 20_000 },
      };
      const ewes = await evaluate(multi, 'ghg-sheep', { inputs: sheep });
      expect(Math.abs((ewes.totals.co2e as number) - 168_938.1)).toBeLessThan(0.2);
      const ar6 = await evaluate(multi, 'ghg-sheep', { inputs: { ...sheep, gwp: 'AR6' } });
      expect(Math.abs((ar6.totals.co2e as number) - 165_484.8)).toBeLessThan(0.2);
    });

    it('answers baseline against scenario with the change, absolute and in %', async () => {
      const r = await evaluate(multi, 'ghg-arable', {
        inputs: { synthetic_n_kg: 10_000 },
        scenario: { synthetic_n_kg: 5_000 },
      });
      expect(r.change?.co2e?.change_pct).toBeCloseTo(-50, 9);
      expect(r.change?.co2e?.change).toBeCloseTo(-(r.totals.co2e as number) / 2, 6);
    });

    it('refuses inputs it cannot use with 406 and per-field messages', async () => {
      const body = await refused(multi, 'ghg', {
        inputs: {
          gwp: 'AR4',
          animals: [
            {
              category: 'goat',
              head: -1,
              storage: [{ system: 'liquid_slurry_no_crust', fraction: 1, months: 5 }],
            },
          ],
          diesel_l: 'lots',
          tractors: 3,
        },
      });
      expect(body.type).toBe(ErrorType.Validation);
      expect(body.errors).toMatchObject({
        gwp: ['GWP set must be one of the listed options'],
        'animals.0.category': ['Category must be one of the listed options'],
        'animals.0.head': ['Head must be at least 0'],
        'animals.0.storage.0.months': ['Months of storage must be one of the listed options'],
        diesel_l: ['Diesel must be a number'],
        tractors: ['tractors is not an input of this calculator'],
      });
      const shares = await refused(multi, 'ghg', {
        inputs: {
          animals: [
            {
              category: 'sheep',
              head: 1,
              pasture_fraction: 0.7,
              storage: [{ system: 'solid_storage', fraction: 0.7 }],
            },
          ],
        },
      });
      expect(shares.errors).toEqual({ 'animals.0': [expect.stringMatching(/at most 1/)] });
      const method = await refused(multi, 'ghg', { method: 'ghg-1990@1', inputs: {} });
      expect(method.errors).toEqual({ method: [expect.stringMatching(/not a method version/)] });
      const missing = await refused(multi, 'ghg', { method: 3 });
      expect(missing.errors).toEqual({
        inputs: ['Inputs is required'],
        method: [expect.any(String)],
      });
    });
  });

  describe('BPS What If? (facts file §2.3)', () => {
    it('AHDB’s arable farm, 2021 and 2024-2026, in whole pence with each band’s slice', async () => {
      const y2021 = await evaluate(farmer, 'bps', { inputs: { year: 2021, amount: 104_850 } });
      expect(y2021.totals.payment).toBe(90_380);
      expect(y2021.lines.map((l) => l.values.reduction_pence)).toEqual([
        150_000, 200_000, 1_097_000, 0,
      ]);
      const payments = [104_850, 90_380, 74_653];
      const y2024 = await evaluate(farmer, 'bps', {
        inputs: { year: 2024, payments_2020_2022: payments },
      });
      expect(y2024.totals.payment_pence).toBe(3_798_635);
      const y2025 = await evaluate(farmer, 'bps', {
        inputs: { year: 2025, payments_2020_2022: payments },
      });
      expect(y2025.totals.payment).toBe(7_200);
      const y2026 = await evaluate(farmer, 'bps', { inputs: { year: 2026, amount: 89_961 } });
      expect(y2026.totals.payment).toBe(600);
    });

    it('AHDB’s dairy farm in 2025: £5,126.00 on the rule, AHDB’s £5,592 as the variant', async () => {
      const r = await evaluate(farmer, 'bps', {
        inputs: { year: 2025, payments_2020_2022: [23_300, 22_135, 18_640] },
      });
      expect(r.totals.payment_pence).toBe(512_600);
      expect(r.totals.ahdb_variant_payment_pence).toBe(559_200);
    });

    it('refuses a year outside 2021-2027 and a fraction of a penny', async () => {
      const body = await refused(farmer, 'bps', { inputs: { year: 2019, amount: 1 } });
      expect(body.errors).toEqual({ year: ['Year must be one of the listed options'] });
      const pence = await refused(farmer, 'bps', { inputs: { year: 2022, amount: 1.001 } });
      expect(pence.errors).toEqual({ amount: ['Amount must be in whole pence'] });
    });
  });

  describe('STIR and EIQ', () => {
    it('STIR: plough 65 + heavy offset disc 39 + no-till drill 6 = 110, beside the no-till 20', async () => {
      const r = await evaluate(multi, 'stir', {
        inputs: {
          operations: [
            { preset: 'mouldboard_plough' },
            { preset: 'heavy_offset_disc' },
            { preset: 'no_till_drill' },
          ],
        },
      });
      expect(r.totals).toMatchObject({ stir: 110, no_till_threshold: 20, meets_no_till: false });
      const measured = await evaluate(multi, 'stir', {
        inputs: {
          operations: [
            {
              speed_kmh: 8.04672,
              depth_cm: 20.32,
              tillage_type: 'inversion',
              surface_disturbed_pct: 100,
            },
          ],
        },
      });
      expect(measured.totals.stir).toBeCloseTo(65, 9);
      const body = await refused(multi, 'stir', { inputs: { operations: [{ name: 'half' }] } });
      expect(body.errors).toEqual({
        'operations.0': [expect.stringMatching(/one form: Preset or Measured/)],
      });
    });

    it('EIQ: the season programme, 51.601 per acre, and per hectare', async () => {
      const r = await evaluate(multi, 'eiq', {
        inputs: {
          applications: [
            { active_ingredient: 'glyphosate', ai_lb_per_acre: 0.615 },
            { active_ingredient: 'chlorothalonil', ai_lb_per_acre: 1.08 },
            { active_ingredient: 'metaldehyde', ai_lb_per_acre: 0.15 },
          ],
        },
      });
      expect(r.totals.field_eiq_per_acre).toBeCloseTo(51.601, 3);
      expect(r.totals.field_eiq_per_ha).toBeCloseTo(57.838, 2);
      const body = await refused(multi, 'eiq', {
        inputs: { applications: [{ active_ingredient: 'prothioconazole', ai_kg_per_ha: 0.2 }] },
      });
      expect(body.errors).toEqual({
        'applications.0.active_ingredient': [expect.stringMatching(/no confirmed EIQ/)],
      });
    });
  });

  describe('who may call it: the rule of the calculator’s route', () => {
    it.each([
      ['farmer', 'stir'],
      ['farmer', 'eiq'],
      ['farmer', 'ghg-arable'],
      ['multi', 'ghg-dairy'],
      ['multi', 'bps'],
      ['buyer', 'ghg'],
      ['buyer', 'stir'],
    ] as const)('refuses %s the %s calculator (403)', async (who, name) => {
      const caller = { farmer: () => farmer, multi: () => multi, buyer: () => buyer }[who]();
      const body = await refused(caller, name, { inputs: {} }, 403);
      expect(body.msg).toMatch(/^You do not have access to /);
    });

    it('holds for the selected unit and plan the portal sends', async () => {
      const { rows } = await t.db.query<{ unit: number; plan: number }>(
        `select up.unit_id as unit, p.id as plan from unit_packages up join packages p on p.id = up.package_id
         join units u on u.id = up.unit_id where u.name = 'Highfield Beef'`,
      );
      const beef = rows[0];
      if (!beef) throw new Error('no Highfield Beef plan');
      const query = `?unit=${String(beef.unit)}&plan=${String(beef.plan)}`;
      expect((await post(multi, 'ghg-beef', { inputs: {} }, query)).statusCode).toBe(200);
      expect((await post(multi, 'stir', { inputs: {} }, query)).statusCode).toBe(403);
    });

    it('takes the screens’ names too, with the same rules', async () => {
      const body = { inputs: { synthetic_n_kg: 1_000 } };
      expect((await post(farmer, 'ghg-what-if-dairy', body)).statusCode).toBe(200);
      expect((await post(farmer, 'ghg-what-if-arable', body)).statusCode).toBe(403);
      expect((await post(multi, 'stir-calculator', { inputs: {} })).statusCode).toBe(200);
      expect(
        (await post(farmer, 'bps-what-if', { inputs: { year: 2023, amount: 80_000 } })).statusCode,
      ).toBe(200);
    });

    it('answers 404 for a calculator that does not exist', async () => {
      expect((await post(multi, 'abacus', { inputs: {} })).statusCode).toBe(404);
    });
  });

  it('documents each calculator’s inputs in docs/openapi.yaml as its schema says them', async () => {
    const doc = parse(
      await readFile(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8'),
    ) as {
      components: { schemas: Record<string, unknown> };
    };
    const names = {
      ghg: 'GhgInputs',
      bps: 'BpsInputs',
      stir: 'StirInputs',
      eiq: 'EiqInputs',
    } as const;
    for (const [kind, component] of Object.entries(names)) {
      const {
        $schema: _s,
        $id: _i,
        ...schema
      } = INPUT_SCHEMAS[kind as keyof typeof names] as Record<string, unknown>;
      expect(doc.components.schemas[component], component).toEqual(schema);
    }
  });
});
