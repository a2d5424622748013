import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METHODS,
  TABLES,
  type CoefficientTable,
  type MethodVersion,
} from '../../shared/calc/tables.ts';
import {
  ErrorType,
  type ApiErrorBody,
  type ApiSuccess,
  type AuthResponse,
} from '../../shared/api.ts';
import { PORTAL_HEADERS, loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * Saved calculations per unit (issue 16, point 7) on a real server and database: a dairy
 * baseline and a scenario with fewer cows, listed, reopened as computed then, renamed, copied,
 * recomputed after the default method changed, deleted; signing, 403, 404, the unique name and
 * 406 with per-field errors.
 */
interface Calculation {
  id: string;
  name: string;
  calculator: string;
  role: 'baseline' | 'scenario';
  baselineId: string | null;
  methodVersion: string;
  currentMethodVersion: string;
  totals: { co2e: number; ch4: number; head: number } & Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: string; name: string } | null;
  inputs: Record<string, unknown>;
  result: { methodVersion: string; totals: { co2e: number }; lines: unknown[]; tables: object };
  tables: Record<string, { role: string; source: string; values: Record<string, unknown> }>;
}

const METHOD = 'ghg-2019t1-desnz2024@1';
const herd = (head: number) => ({
  gwp: 'AR5',
  animals: [{ category: 'dairy_cow', head }],
  product: { kind: 'milk_kg', amount: 1_600_000 },
});

describe('saved calculations', () => {
  let t: TestApp;
  let farmer: AuthResponse; // Lower Dale Dairy: ghg_what_if_dairy on its plan
  let multi: AuthResponse; // Highfield: arable, beef, sheep; no dairy GHG
  let unitId: number;
  let highfieldArable: number;

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
    ]);
    const id = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? 0;
    unitId = await id('Lower Dale Dairy');
    highfieldArable = await id('Highfield Arable');
  });
  afterAll(() => t.close());

  const base = () => `/api/units/${unitId}/calculations`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    who: AuthResponse = farmer,
  ) => signedInject(t.app, who.auth_token, method, url, body);
  const calculationOf = (response: { json: <T>() => T }) =>
    response.json<ApiSuccess<{ calculation: Calculation }>>().data.calculation;

  it('saves a baseline and a scenario, lists them newest first, reopens them as computed then', async () => {
    const created = await call('POST', base(), {
      calculator: 'ghg-dairy',
      name: 'Lower Dale 2026 baseline',
      role: 'baseline',
      inputs: herd(200),
    });
    expect(created.statusCode, created.body).toBe(201);
    const baseline = calculationOf(created);
    expect(baseline).toMatchObject({
      name: 'Lower Dale 2026 baseline',
      calculator: 'ghg-dairy',
      role: 'baseline',
      baselineId: null,
      methodVersion: METHOD,
      currentMethodVersion: METHOD,
      createdBy: { id: String(farmer.user.id), name: 'Tom Hargreaves' },
      inputs: herd(200),
    });
    expect(baseline.id).toMatch(/^\d+$/);
    // 200 × 126 kg CH4 enteric, × 28 (AR5)
    expect(baseline.totals.ch4).toBeCloseTo(25_200, 6);
    expect(baseline.totals.co2e).toBeCloseTo(705_600, 6);
    expect(baseline.result.methodVersion).toBe(METHOD);
    expect(baseline.result.totals).toEqual(baseline.totals);
    // The tables it read, each with the values read: the enteric factor, and the GWPs whole.
    expect(baseline.tables['ipcc2019-enteric-ch4@1']).toMatchObject({
      role: 'enteric',
      values: { dairy_cow: { value: 126 } },
    });
    expect(baseline.tables['ipcc-gwp100@1']?.values.ch4).toMatchObject({ bySet: { AR5: 28 } });

    // The screens' name of the calculator is the same calculator.
    const scenarioResponse = await call('POST', base(), {
      calculator: 'ghg-what-if-dairy',
      name: 'Fewer cows',
      role: 'scenario',
      baselineId: baseline.id,
      inputs: herd(180),
    });
    expect(scenarioResponse.statusCode, scenarioResponse.body).toBe(201);
    const scenario = calculationOf(scenarioResponse);
    expect(scenario).toMatchObject({
      calculator: 'ghg-dairy',
      role: 'scenario',
      baselineId: baseline.id,
      result: { calculator: 'ghg-dairy' },
    });
    expect(scenario.totals.ch4).toBeCloseTo(22_680, 6);

    const list = await call('GET', `${base()}?calculator=ghg-what-if-dairy`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<ApiSuccess<{ records: Calculation[] }>>().data.records;
    expect(items.map((i) => i.name)).toEqual(['Fewer cows', 'Lower Dale 2026 baseline']);
    expect(items[0]).not.toHaveProperty('inputs');
    expect(items[1]?.totals.co2e).toBeCloseTo(705_600, 6);
    // Paged as every list: one a page, the older on page 2.
    const second = await call('GET', `${base()}?calculator=ghg-dairy&page=2&per_page=1`);
    expect(second.json<ApiSuccess<object>>().data).toMatchObject({
      total_records: 2,
      current_page: 2,
      records_per_page: 1,
      records: [{ name: 'Lower Dale 2026 baseline' }],
    });
    expect((await call('GET', `${base()}?calculator=ghg-dairy&per_page=101`)).statusCode).toBe(400);

    const reopened = await call('GET', `${base()}/${baseline.id}`);
    expect(reopened.statusCode).toBe(200);
    expect(calculationOf(reopened)).toEqual(baseline);

    // Another calculator's list does not hold them.
    const other = await call('GET', `${base()}?calculator=ghg-beef`);
    expect([200, 403]).toContain(other.statusCode);
  });

  it('renames, re-evaluates new inputs, copies and deletes', async () => {
    const baseline = calculationOf(
      await call('POST', base(), {
        calculator: 'ghg-dairy',
        name: 'To edit',
        role: 'baseline',
        inputs: herd(100),
      }),
    );
    const renamed = await call('PUT', `${base()}/${baseline.id}`, { name: '  Edited  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(calculationOf(renamed)).toMatchObject({ name: 'Edited', totals: baseline.totals });

    const changed = calculationOf(
      await call('PUT', `${base()}/${baseline.id}`, { inputs: herd(50) }),
    );
    expect(changed.totals.ch4).toBeCloseTo(6_300, 6);
    expect(changed.inputs).toEqual(herd(50));

    const copied = await call('POST', `${base()}/${baseline.id}/copy`, {
      name: 'Edited, scenario',
      role: 'scenario',
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = calculationOf(copied);
    expect(copy).toMatchObject({
      role: 'scenario',
      baselineId: baseline.id,
      inputs: herd(50),
      totals: changed.totals,
    });
    expect(copy.id).not.toBe(baseline.id);

    const gone = await call('DELETE', `${base()}/${baseline.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call('GET', `${base()}/${baseline.id}`)).statusCode).toBe(404);
    // Its scenario stays, with no baseline.
    expect(calculationOf(await call('GET', `${base()}/${copy.id}`)).baselineId).toBeNull();
  });

  it('keeps an old result as computed then and recomputes it on the new default method', async () => {
    const old = calculationOf(
      await call('POST', base(), {
        calculator: 'ghg-dairy',
        name: 'Before the method changed',
        role: 'baseline',
        inputs: herd(200),
      }),
    );
    // A new default method whose enteric factor for dairy cows is 130 (a test-only method).
    const enteric = TABLES.get('ipcc2019-enteric-ch4@1') as CoefficientTable;
    const newer: CoefficientTable = {
      ...enteric,
      version: 99,
      entries: { ...enteric.entries, dairy_cow: { label: 'Dairy cattle', value: 130 } },
    };
    const methods = METHODS as MethodVersion[];
    const current = methods.find((m) => m.version === METHOD) as MethodVersion;
    const next: MethodVersion = {
      ...current,
      version: 'ghg-test@99',
      tables: { ...current.tables, enteric: 'ipcc2019-enteric-ch4@99' },
    };
    (TABLES as Map<string, CoefficientTable>).set('ipcc2019-enteric-ch4@99', newer);
    methods.push(next);
    current.default = false;
    try {
      const reopened = calculationOf(await call('GET', `${base()}/${old.id}`));
      expect(reopened).toMatchObject({
        methodVersion: METHOD,
        currentMethodVersion: 'ghg-test@99',
        totals: old.totals,
        tables: old.tables,
      });
      const listed = (await call('GET', `${base()}?calculator=ghg-dairy`)).json<
        ApiSuccess<{ records: Calculation[] }>
      >().data.records;
      expect(listed.find((i) => i.id === old.id)?.currentMethodVersion).toBe('ghg-test@99');

      const recomputed = await call('POST', `${base()}/${old.id}/recompute`);
      expect(recomputed.statusCode, recomputed.body).toBe(200);
      const now = calculationOf(recomputed);
      expect(now.methodVersion).toBe('ghg-test@99');
      expect(now.totals.ch4).toBeCloseTo(26_000, 6);
      expect(now.tables['ipcc2019-enteric-ch4@99']?.values.dairy_cow).toMatchObject({
        value: 130,
      });
      expect(now.tables).not.toHaveProperty(['ipcc2019-enteric-ch4@1']);
      expect(now.inputs).toEqual(old.inputs);
    } finally {
      current.default = true;
      methods.splice(methods.indexOf(next), 1);
      (TABLES as Map<string, CoefficientTable>).delete('ipcc2019-enteric-ch4@99');
    }
  });

  it('saves a STIR year and an EIQ season on an arable unit, each with the table entries it read', async () => {
    const arable = `/api/units/${highfieldArable}/calculations`;
    const stir = calculationOf(
      await call(
        'POST',
        arable,
        {
          calculator: 'stir',
          name: 'No-till wheat',
          role: 'baseline',
          inputs: {
            operations: [
              { name: 'Direct drill', preset: 'no_till_drill' },
              {
                name: 'Rolls',
                speed_kmh: 10,
                depth_cm: 2,
                tillage_type: 'compression',
                surface_disturbed_pct: 100,
              },
            ],
          },
        },
        multi,
      ),
    );
    expect(stir).toMatchObject({ calculator: 'stir', methodVersion: 'stir-rusle2@1' });
    // No-till drill 6 + rolls 0.5 × 6.214 mph × 3.25 × 0.15 × 0.787 in = 7.193.
    expect(stir.totals.stir).toBeCloseTo(7.193, 3);
    expect(Object.keys(stir.tables['rusle2-stir@1']?.values ?? {}).sort()).toEqual([
      'preset_no_till_drill',
      'ttm_compression',
    ]);

    const eiq = calculationOf(
      await call(
        'POST',
        arable,
        {
          calculator: 'eiq-calculator',
          name: 'Glyphosate pre-drilling',
          role: 'baseline',
          inputs: {
            applications: [
              {
                name: 'Roundup',
                active_ingredient: 'glyphosate',
                product_rate_per_ha: 3,
                ai_g_per_unit: 360,
              },
            ],
          },
        },
        multi,
      ),
    );
    // 15.33 × (3 l/ha × 360 g/l = 1.08 kg a.i./ha) = 16.5564.
    expect(eiq.calculator).toBe('eiq');
    expect(eiq.totals.field_eiq_per_ha).toBeCloseTo(16.5564, 6);
    expect(eiq.tables['cornell-eiq@1']?.values.glyphosate).toMatchObject({ value: 15.33 });

    const list = await call('GET', `${arable}?calculator=stir`, undefined, multi);
    expect(
      list.json<ApiSuccess<{ records: Calculation[] }>>().data.records.map((c) => c.name),
    ).toEqual(['No-till wheat']);
    // The arable unit's plans have no BPS What If?: refused, naming it.
    const bps = await call(
      'POST',
      arable,
      { calculator: 'bps', name: 'BPS', role: 'baseline', inputs: { year: 2024, amount: 40000 } },
      multi,
    );
    expect(bps.statusCode).toBe(403);
    expect(bps.json<ApiErrorBody>().msg).toMatch(/BPS What If\?/);
  });

  it('keeps one name per unit and calculator (406 on the name, ignoring case)', async () => {
    const body = { calculator: 'ghg-dairy', name: 'Unique', role: 'baseline', inputs: herd(1) };
    expect((await call('POST', base(), body)).statusCode).toBe(201);
    const again = await call('POST', base(), { ...body, name: ' unique ' });
    expect(again.statusCode).toBe(406);
    const error = again.json<ApiErrorBody>();
    expect(error.type).toBe(ErrorType.Validation);
    expect(error.msg).toMatch(/already exists/);
    expect((error.errors as Record<string, string[]>).name?.[0]).toMatch(/"Unique" already exists/);

    // Two saves of one name at once: one is saved, the other refused the same way.
    const both = await Promise.all(
      [1, 2].map(() => call('POST', base(), { ...body, name: 'At once' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 406]);

    const other = calculationOf(await call('POST', base(), { ...body, name: 'Other' }));
    const rename = await call('PUT', `${base()}/${other.id}`, { name: 'UNIQUE' });
    expect(rename.statusCode).toBe(406);
    const copy = await call('POST', `${base()}/${other.id}/copy`, { name: 'Unique' });
    expect(copy.statusCode).toBe(406);
  });

  it('answers 406 with per-field errors', async () => {
    const bad = await call('POST', base(), {
      calculator: 'ghg-dairy',
      name: '',
      role: 'draft',
      inputs: { gwp: 'AR4', animals: [{ category: 'dairy_cow', head: -1 }] },
      colour: 'red',
    });
    expect(bad.statusCode).toBe(406);
    const errors = bad.json<ApiErrorBody>().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      ['animals.0.head', 'colour', 'gwp', 'name', 'role'].sort(),
    );
    const unknown = await call('POST', base(), {
      calculator: 'ghg-pigs',
      name: 'x',
      role: 'baseline',
      inputs: {},
    });
    expect(unknown.statusCode).toBe(406);
    expect(Object.keys(unknown.json<ApiErrorBody>().errors)).toEqual(['calculator']);
    const method = await call('POST', base(), {
      calculator: 'ghg-dairy',
      name: 'x',
      role: 'baseline',
      method: 'ghg-nope@1',
      inputs: {},
    });
    expect(method.statusCode).toBe(406);
    expect(Object.keys(method.json<ApiErrorBody>().errors)).toEqual(['method']);
    const orphan = await call('POST', base(), {
      calculator: 'ghg-dairy',
      name: 'Scenario of nothing',
      role: 'scenario',
      baselineId: '999999',
      inputs: {},
    });
    expect(orphan.statusCode).toBe(406);
    expect(Object.keys(orphan.json<ApiErrorBody>().errors)).toEqual(['baselineId']);
    expect((await call('GET', base())).statusCode).toBe(400);
    expect((await call('GET', `${base()}?calculator=nope`)).statusCode).toBe(404);
  });

  it('is signed: an unsigned call answers 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base()}?calculator=ghg-dairy`,
      headers: PORTAL_HEADERS,
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses another farm's user (403/404) and a calculator the plan lacks (403)", async () => {
    const saved = calculationOf(
      await call('POST', base(), {
        calculator: 'ghg-dairy',
        name: 'Private',
        role: 'baseline',
        inputs: herd(10),
      }),
    );
    // multi@ may not see Lower Dale at all.
    for (const [method, url, body] of [
      ['GET', `${base()}?calculator=ghg-dairy`, undefined],
      ['GET', `${base()}/${saved.id}`, undefined],
      ['PUT', `${base()}/${saved.id}`, { name: 'Mine' }],
      ['POST', `${base()}/${saved.id}/copy`, { name: 'Mine' }],
      ['POST', `${base()}/${saved.id}/recompute`, undefined],
      ['DELETE', `${base()}/${saved.id}`, undefined],
      ['POST', base(), { calculator: 'ghg-dairy', name: 'Mine', role: 'baseline', inputs: {} }],
    ] as const) {
      const response = await call(method, url, body, multi);
      expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
      expect(response.body).not.toMatch(/Private|Hargreaves/);
    }
    // Company staff with no plan on Lower Dale (buyer@, Acme Foods) are refused too.
    const buyer = await loginAs(t.app, 'buyer@example.com');
    for (const url of [`${base()}?calculator=ghg-dairy`, `${base()}/${saved.id}`]) {
      expect([403, 404]).toContain((await call('GET', url, undefined, buyer)).statusCode);
    }
    // Lower Dale's plan has no arable GHG: 403 naming the calculator.
    const refused = await call('POST', base(), {
      calculator: 'ghg-arable',
      name: 'Wheat',
      role: 'baseline',
      inputs: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().msg).toMatch(/GHG What If\? \(Arable\)/);
    expect((await call('GET', `${base()}?calculator=stir`)).statusCode).toBe(403);
    // The calculation's id under another unit's path is unknown there.
    const elsewhere = await call(
      'GET',
      `/api/units/${highfieldArable}/calculations/${saved.id}`,
      undefined,
      multi,
    );
    expect(elsewhere.statusCode).toBe(404);
    // Nothing changed.
    expect(calculationOf(await call('GET', `${base()}/${saved.id}`)).name).toBe('Private');
  });
});
