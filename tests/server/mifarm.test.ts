import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type {
  FieldImportResult,
  MiFarmField,
  MiFarmFieldDetail,
  MiFarmProfile,
} from '../../shared/mifarm/types.ts';
import { areaHectares } from '../../server/mifarm/geojson.ts';
import {
  loginAs,
  signedInject,
  signedUpload,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

/**
 * MiFarm (issue 20 point 2) on a real server and the seeded database, as farmer@example.com on
 * Lower Dale Dairy (its plan includes MiFarm and the unit supports it): the profile and its SBI,
 * importing field boundaries from GeoJSON (areas worked out by the server, every kind of bad file
 * refused with the feature named), fields by hand, and a field's page with the records naming it.
 */

const FIXTURE = new URL('../../e2e/fixtures/lower-dale-fields.geojson', import.meta.url);

/**
 * Snyder's inverse Lambert azimuthal equal-area projection on the GRS80 ellipsoid ("Map
 * Projections: A Working Manual", USGS 1395, p. 188, equations 24-15 to 24-26 and 3-18), centred at latitude φ1, longitude λ0:
 * a square drawn in it encloses exactly its area on the ellipsoid, whatever any library says.
 */
function laeaInverse(phi1Deg: number, lambda0Deg: number) {
  const a = 6_378_137;
  const e2 = 0.006_694_380_022_9;
  const e = Math.sqrt(e2);
  const rad = Math.PI / 180;
  const q = (phi: number) => {
    const s = Math.sin(phi);
    return (1 - e2) * (s / (1 - e2 * s * s) - (1 / (2 * e)) * Math.log((1 - e * s) / (1 + e * s)));
  };
  const phi1 = phi1Deg * rad;
  const qp = q(Math.PI / 2);
  const rq = a * Math.sqrt(qp / 2);
  const beta1 = Math.asin(q(phi1) / qp);
  const m1 = Math.cos(phi1) / Math.sqrt(1 - e2 * Math.sin(phi1) ** 2);
  const d = (a * m1) / (rq * Math.cos(beta1));
  return (x: number, y: number): [number, number] => {
    const rho = Math.hypot(x / d, d * y);
    if (rho === 0) return [lambda0Deg, phi1Deg];
    const c = 2 * Math.asin(rho / (2 * rq));
    const beta = Math.asin(
      Math.cos(c) * Math.sin(beta1) + (d * y * Math.sin(c) * Math.cos(beta1)) / rho,
    );
    const lambda =
      lambda0Deg * rad +
      Math.atan2(
        x * Math.sin(c),
        d * rho * Math.cos(beta1) * Math.cos(c) - d * d * y * Math.sin(beta1) * Math.sin(c),
      );
    const phi =
      beta +
      (e2 / 3 + (31 * e2 ** 2) / 180 + (517 * e2 ** 3) / 5040) * Math.sin(2 * beta) +
      ((23 * e2 ** 2) / 360 + (251 * e2 ** 3) / 3780) * Math.sin(4 * beta) +
      ((761 * e2 ** 3) / 45360) * Math.sin(6 * beta);
    return [lambda / rad, phi / rad];
  };
}

/** A square of `side` metres centred on the projection's centre, 25 points a side, closed. */
function equalAreaSquare(phi1: number, lambda0: number, side: number): number[][] {
  const inverse = laeaInverse(phi1, lambda0);
  const h = side / 2;
  const corners: [number, number][] = [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ];
  const ring: number[][] = [];
  corners.forEach(([x0, y0], i) => {
    const [x1, y1] = corners[(i + 1) % 4] ?? [x0, y0];
    for (let k = 0; k < 25; k++)
      ring.push(inverse(x0 + ((x1 - x0) * k) / 25, y0 + ((y1 - y0) * k) / 25));
  });
  ring.push([...(ring[0] ?? [])]);
  return ring;
}

const featureCollection = (features: unknown[]) =>
  Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
const polygon = (name: string, ring: number[][], land_use?: string) => ({
  type: 'Feature',
  properties: land_use === undefined ? { name } : { name, land_use },
  geometry: { type: 'Polygon', coordinates: [ring] },
});

describe('MiFarm: profile and fields (issue 20 point 2)', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let unitId: number;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    farmer = await loginAs(t.app, 'farmer@example.com');
    multi = await loginAs(t.app, 'multi@example.com');
    unitId = await unitIdNamed(t.db, 'Lower Dale Dairy');
    base = `/api/units/${String(unitId)}`;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    signedInject(t.app, farmer.auth_token, method, `${base}${path}`, body);
  const upload = (bytes: Buffer) =>
    signedUpload(t.app, farmer.auth_token, `${base}/fields/import`, bytes);
  const refusal = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(406);
    return response.json() as ApiErrorBody;
  };

  it('computes a 1 km square near 54° N as 100 ha within 0.5 % of the equal-area reference', () => {
    const ring = equalAreaSquare(54.38, -2.08, 1000);
    const ha = areaHectares({ type: 'Polygon', coordinates: [ring] });
    expect(Math.abs(ha - 100) / 100).toBeLessThan(0.005);
  });

  it('shows the profile: farm, CPH, enterprise and plan, herd from the records, people', async () => {
    // Lower Dale Dairy's seed holds no records: one month of 182 cows in milk, the newest.
    await t.db.query(
      `insert into records (unit_id, record_type, data) values ($1, 'monthly', $2::jsonb)`,
      [
        unitId,
        JSON.stringify({ month: '2026-10-01', cows_in_milk: 182, milk_sold_litres: 150000 }),
      ],
    );
    const response = await call('GET', '/mifarm/profile');
    expect(response.statusCode).toBe(200);
    const profile = response.json<ApiSuccess<MiFarmProfile>>().data;
    expect(profile.farm.name).toBe('Lower Dale Farm');
    expect(profile.farm.address).toContain('DL11 6LR');
    expect(profile.unit).toMatchObject({ name: 'Lower Dale Dairy', cph: '48/212/0417', sbi: null });
    expect(profile.unit.enterprise).toMatch(/dairy/i);
    expect(profile.plans.map((p) => p.provider)).toContain('Moorland Vale Dairies');
    expect(profile.people).toContainEqual({ name: 'Tom Hargreaves', email: 'farmer@example.com' });
    // Nobody's password or token ever leaves with the people.
    expect(response.body).not.toMatch(/password|secret|hash/i);
    expect(profile.herd).toContainEqual({
      label: 'Cows in milk',
      head: 182,
      source: 'Monthly records, 2026-10',
    });
  });

  it('sets the SBI: nine digits, spaces ignored; anything else is refused naming the field', async () => {
    for (const bad of ['12345678', '1234567890', '12345678A', 123456789]) {
      const body = refusal(await call('PUT', '/mifarm/profile', { sbi: bad }));
      expect(body.errors).toMatchObject({ sbi: [expect.stringMatching(/9 digits/)] });
    }
    const saved = await call('PUT', '/mifarm/profile', { sbi: '106 123 456' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ApiSuccess<MiFarmProfile>>().data.unit.sbi).toBe('106123456');
    const cleared = await call('PUT', '/mifarm/profile', { sbi: null });
    expect(cleared.json<ApiSuccess<MiFarmProfile>>().data.unit.sbi).toBeNull();
  });

  it('imports a GeoJSON file of real field shapes, areas worked out here; again, it updates', async () => {
    const bytes = await readFile(FIXTURE);
    const first = await upload(bytes);
    expect(first.statusCode).toBe(200);
    const result = first.json<ApiSuccess<FieldImportResult>>().data;
    expect(result.created.sort()).toEqual(['Barn Close', 'Gill Head', 'High Pasture', 'Low Ing']);
    expect(result.updated).toEqual([]);
    const byName = new Map(result.fields.map((f) => [f.name, f]));
    // Reference areas: the fixture's boundaries by @turf/area, to two decimals.
    expect(byName.get('Low Ing')?.area_ha).toBeCloseTo(5.06, 2);
    expect(byName.get('Barn Close')?.area_ha).toBeCloseTo(2.89, 2);
    expect(byName.get('Gill Head')).toMatchObject({ land_use: 'Permanent grassland' });
    expect(byName.get('Gill Head')?.geometry?.type).toBe('MultiPolygon');
    expect(byName.get('High Pasture')).toMatchObject({ land_use: 'Rough grazing' });

    const again = await upload(bytes);
    expect(again.json<ApiSuccess<FieldImportResult>>().data).toMatchObject({
      created: [],
      updated: expect.arrayContaining(['Low Ing', 'Gill Head']) as unknown,
    });
    const list = (await call('GET', '/fields')).json<ApiSuccess<MiFarmField[]>>().data;
    expect(list).toHaveLength(4);
  });

  it('refuses a file that is not JSON, imports nothing', async () => {
    const body = refusal(await upload(Buffer.from('{"type": "FeatureCollection", "features": [')));
    expect(body.msg).toMatch(/not valid JSON/);
    expect(body.errors).toMatchObject({ file: [expect.stringMatching(/JSON/)] });
  });

  it('refuses a self-intersecting bow-tie, naming the feature, and imports none of the file', async () => {
    const bowTie = [
      [-2.07, 54.37],
      [-2.06, 54.38],
      [-2.06, 54.37],
      [-2.07, 54.38],
      [-2.07, 54.37],
    ];
    const square = equalAreaSquare(54.37, -2.05, 200);
    const body = refusal(
      await upload(featureCollection([polygon('Good Square', square), polygon('Bow Tie', bowTie)])),
    );
    expect(body.msg).toMatch(/Feature 2 \(Bow Tie\) has a boundary that crosses itself/);
    expect(body.errors).toEqual({
      'Feature 2 (Bow Tie)': [expect.stringMatching(/crosses itself \(near -2\.065\d*, 54\.375/)],
    });
    const names = (await call('GET', '/fields')).json<ApiSuccess<MiFarmField[]>>().data;
    expect(names.map((f) => f.name)).not.toContain('Good Square');
  });

  it('refuses a non-polygon, an unclosed ring, coordinates out of range and a missing name', async () => {
    const ring = equalAreaSquare(54.37, -2.05, 100);
    const body = refusal(
      await upload(
        featureCollection([
          {
            type: 'Feature',
            properties: { name: 'Gateway' },
            geometry: { type: 'Point', coordinates: [-2.07, 54.37] },
          },
          polygon('Open Ring', ring.slice(0, -1)),
          polygon('Grid Metres', [
            [395000, 498000],
            [395100, 498000],
            [395100, 498100],
            [395000, 498000],
          ]),
          { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
          polygon('Odd Use', ring, 'Car park'),
        ]),
      ),
    );
    expect(body.errors).toEqual({
      'Feature 1 (Gateway)': [expect.stringMatching(/is a Point, not a Polygon or MultiPolygon/)],
      'Feature 2 (Open Ring)': [expect.stringMatching(/not closed/)],
      'Feature 3 (Grid Metres)': [expect.stringMatching(/out of range.*British National Grid/)],
      'Feature 4': [expect.stringMatching(/needs a name/)],
      'Feature 5 (Odd Use)': [expect.stringMatching(/land_use/)],
    });
    expect(
      refusal(await upload(Buffer.from('{"type": "Feature", "geometry": null}'))).errors,
    ).toEqual({ file: [expect.stringMatching(/FeatureCollection/)] });
  });

  it('adds, renames, sets the land use of and deletes a field by hand; names are unique whatever the case', async () => {
    const added = await call('POST', '/fields', { name: '  Top   Allotment ', land_use: 'Arable' });
    expect(added.statusCode).toBe(201);
    const field = added.json<ApiSuccess<MiFarmField>>().data;
    expect(field).toMatchObject({ name: 'Top Allotment', geometry: null, area_ha: null });

    const clash = refusal(await call('POST', '/fields', { name: 'low ing', land_use: 'Arable' }));
    expect(clash.errors).toMatchObject({ name: [expect.stringMatching(/another field/)] });
    expect(
      refusal(await call('PUT', `/fields/${String(field.id)}`, { name: '', land_use: 'Moon' }))
        .errors,
    ).toMatchObject({ name: ['is required'], land_use: [expect.stringMatching(/one of/)] });

    const renamed = await call('PUT', `/fields/${String(field.id)}`, {
      name: 'Top Close',
      land_use: 'Woodland',
    });
    expect(renamed.json<ApiSuccess<MiFarmField>>().data).toMatchObject({
      name: 'Top Close',
      land_use: 'Woodland',
      updated_by: 'Tom Hargreaves',
    });
    expect((await call('DELETE', `/fields/${String(field.id)}`)).statusCode).toBe(204);
    expect((await call('GET', `/fields/${String(field.id)}`)).statusCode).toBe(404);
  });

  it("lists on a field's page the crop and lab records naming it, each where the plan lets the user read it", async () => {
    const list = (await call('GET', '/fields')).json<ApiSuccess<MiFarmField[]>>().data;
    const lowIng = list.find((f) => f.name === 'Low Ing');
    if (!lowIng) throw new Error('Low Ing was not imported');
    const page = () => call('GET', `/fields/${String(lowIng.id)}`);

    const lab = await call('POST', '/records/lab-results', {
      sample_date: '2026-03-02',
      sample_type: 'soil',
      field_name: 'low ing',
      laboratory: 'NRM',
    });
    expect(lab.statusCode).toBe(201);
    const before = (await page()).json<ApiSuccess<MiFarmFieldDetail>>().data;
    expect(before.lab_results).toMatchObject({
      readable: true,
      rows: [{ sample_date: '2026-03-02', sample_type: 'soil', laboratory: 'NRM' }],
    });
    // Lower Dale Dairy's plan keeps no crop records: the page says so rather than list them.
    expect(before.crops).toEqual({
      readable: false,
      reason: "Crop records are not part of this unit's plans.",
    });

    await t.db.query(
      `update packages set features = array_append(features, 'records_crop')
        where reference = 'moorland_vale_milk_premium'`,
    );
    const crop = await call('POST', '/records/crop', {
      field_name: 'Low Ing',
      field_area_ha: 5.06,
      crop: 'Grass',
      variety: 'AberMagic',
      drilling_date: '2019-09-01',
      harvest_date: '2020-06-20',
      yield_t_per_ha: 8.5,
      nitrogen_kg_per_ha: 120,
    });
    expect(crop.statusCode).toBe(201);
    const after = (await page()).json<ApiSuccess<MiFarmFieldDetail>>().data;
    expect(after.crops).toMatchObject({
      readable: true,
      rows: [
        {
          harvest_year: 2020,
          crop: 'Grass',
          variety: 'AberMagic',
          yield_t_per_ha: 8.5,
          nitrogen_kg_per_ha: 120,
        },
      ],
    });
    expect(after.area_ha).toBeCloseTo(5.06, 2);
  });

  it("refuses another farm's user and company staff", async () => {
    const buyer = await loginAs(t.app, 'buyer@example.com');
    for (const who of [multi, buyer]) {
      const response = await signedInject(t.app, who.auth_token, 'GET', `${base}/fields`);
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toMatch(/Low Ing/);
    }
  });
});
