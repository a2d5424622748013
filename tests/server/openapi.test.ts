import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ApiSuccess, ApiUnitListing, ApiPaged, AuthResponse } from '../../shared/api.ts';
import { PDF } from './fixtures/files.ts';
import {
  loginAs,
  PORTAL_HEADERS,
  signedInject,
  signedUpload,
  startTestApp,
  type TestApp,
} from './test-app.ts';

const DOCUMENT_PATH = new URL('../../docs/openapi.yaml', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;
interface OpenApi {
  paths: Record<string, PathItem>;
  components: { responses: Record<string, { content?: Record<string, unknown> }> };
}

/** "/api/units/:unitId/documents" → "/units/{unitId}/documents" */
const asOpenApiPath = (url: string) =>
  url.replace(/^\/api/, '').replace(/:([A-Za-z_]+)/g, '{$1}') || '/';

describe('OpenAPI document (docs/openapi.yaml)', () => {
  let t: TestApp;
  let doc: OpenApi;
  const routes = new Set<string>();
  let ajv: Ajv2020;

  beforeAll(async () => {
    doc = parse(await readFile(DOCUMENT_PATH, 'utf8')) as OpenApi;
    t = await startTestApp({
      adminKey: 'openapi-test-admin-key',
      onRoute: (route) => {
        if (!route.url.startsWith('/api/')) return;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') routes.add(`${method} ${asOpenApiPath(route.url)}`);
        }
      },
    });
    // The document is not a JSON Schema as a whole, so keywords such as "paths" are let through.
    ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(DOCUMENT_PATH.pathname);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has an operation for every route of the server, and a route for every operation', () => {
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS)
        if (item[method]) documented.add(`${method.toUpperCase()} ${path}`);
    }
    expect(routes.size).toBeGreaterThan(20);
    expect(
      [...routes].filter((r) => !documented.has(r)),
      'routes with no operation',
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !routes.has(r)),
      'operations with no route',
    ).toEqual([]);
  });

  /** Fails unless the answer's status is documented and its JSON body fits the documented schema. */
  function expectDocumented(
    response: LightMyRequestResponse,
    method: (typeof METHODS)[number],
    path: string,
  ) {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).toBeDefined();
    const status = String(response.statusCode);
    const documented = operation?.responses[status];
    expect(documented, `${method} ${path} documents ${status}`).toBeDefined();
    if (!documented || response.statusCode === 204) return;
    const pointer = documented.$ref
      ? documented.$ref.replace('#', '')
      : `/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}`;
    const validate = ajv.compile({
      $ref: `openapi#${pointer}/content/application~1json/schema`,
    });
    const valid = validate(response.json());
    expect(
      validate.errors ?? [],
      `${method} ${path} ${status}: ${response.body.slice(0, 300)}`,
    ).toEqual([]);
    expect(valid).toBe(true);
  }

  it('describes what the server really answers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expectDocumented(health, 'get', '/health');

    const loginResponse = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=login',
      headers: PORTAL_HEADERS,
      payload: { username: 'buyer@example.com', password: 'not the password' },
    });
    expectDocumented(loginResponse, 'post', '/authenticate');

    const farmer = await loginAs(t.app, 'farmer@example.com');
    const buyer = await loginAs(t.app, 'buyer@example.com');
    const call = (who: AuthResponse, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      signedInject(t.app, who.auth_token, method, url, body);

    expectDocumented(await call(farmer, 'GET', '/api/users/me'), 'get', '/users/me');
    const farmId = (
      await t.db.query<{ id: number }>("select id from farms where name = 'Lower Dale Farm'")
    ).rows[0]?.id;
    const farm = await call(
      farmer,
      'GET',
      `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${farmId}`,
    );
    expectDocumented(farm, 'get', '/accounts/farms/');
    const unit =
      farm.json<ApiSuccess<{ units: { id: number; packages: { id: number }[] }[] }>>().data
        .units[0];
    const unitId = unit?.id ?? 0;
    const planId = unit?.packages[0]?.id ?? 0;

    const units = await call(buyer, 'GET', '/api/accounts/units?per_page=5');
    expectDocumented(units, 'get', '/accounts/units');
    expect(units.json<ApiSuccess<ApiPaged<ApiUnitListing>>>().data.records.length).toBeGreaterThan(
      0,
    );
    expectDocumented(await call(farmer, 'GET', '/api/accounts/units'), 'get', '/accounts/units');

    const record = await call(farmer, 'POST', `/api/units/${unitId}/records/monthly`, {
      month: '2026-10-01',
      milk_sold_litres: 182_450,
    });
    expectDocumented(record, 'post', '/units/{unitId}/records/{type}');
    const invalid = await call(farmer, 'POST', `/api/units/${unitId}/records/monthly`, {
      month: 'x',
    });
    expectDocumented(invalid, 'post', '/units/{unitId}/records/{type}');
    const calculator = '/calculators/{name}/evaluate';
    const herd = (head: number) => ({ animals: [{ category: 'dairy_cow', head }] });
    expectDocumented(
      await call(farmer, 'POST', '/api/calculators/ghg-dairy/evaluate', {
        inputs: herd(10),
        scenario: herd(12),
      }),
      'post',
      calculator,
    );
    expectDocumented(
      await call(farmer, 'POST', '/api/calculators/ghg-dairy/evaluate', { inputs: { gwp: 'AR4' } }),
      'post',
      calculator,
    );
    expectDocumented(
      await call(buyer, 'POST', '/api/calculators/stir/evaluate', { inputs: {} }),
      'post',
      calculator,
    );
    const calculations = `/api/units/${unitId}/calculations`;
    const saved = await call(farmer, 'POST', calculations, {
      calculator: 'ghg-dairy',
      name: 'OpenAPI baseline',
      role: 'baseline',
      inputs: herd(10),
    });
    expectDocumented(saved, 'post', '/units/{unitId}/calculations');
    expectDocumented(
      await call(farmer, 'POST', calculations, { calculator: 'ghg-dairy', name: '', inputs: {} }),
      'post',
      '/units/{unitId}/calculations',
    );
    expectDocumented(
      await call(farmer, 'GET', `${calculations}?calculator=ghg-dairy`),
      'get',
      '/units/{unitId}/calculations',
    );
    const savedId = saved.json<ApiSuccess<{ calculation: { id: string } }>>().data.calculation.id;
    expectDocumented(
      await call(farmer, 'GET', `${calculations}/${savedId}`),
      'get',
      '/units/{unitId}/calculations/{id}',
    );
    expectDocumented(
      await call(farmer, 'POST', `${calculations}/${savedId}/copy`, { name: 'OpenAPI copy' }),
      'post',
      '/units/{unitId}/calculations/{id}/copy',
    );
    expectDocumented(
      await call(farmer, 'GET', `/api/units/${unitId}/calculators/ghg-dairy/prefill`),
      'get',
      '/units/{unitId}/calculators/{name}/prefill',
    );
    expectDocumented(
      await call(farmer, 'GET', `/api/units/${unitId}/records/monthly`),
      'get',
      '/units/{unitId}/records/{type}',
    );
    expectDocumented(
      await call(farmer, 'GET', `/api/accounts/units/${unitId}/summary/${planId}`),
      'get',
      '/accounts/units/{unitId}/summary/{planId}',
    );

    const upload = await signedUpload(
      t.app,
      farmer.auth_token,
      `/api/units/${unitId}/documents?name=Plan.pdf`,
      PDF,
    );
    expectDocumented(upload, 'post', '/units/{unitId}/documents');
    expectDocumented(
      await call(farmer, 'GET', `/api/units/${unitId}/documents`),
      'get',
      '/units/{unitId}/documents',
    );
    expectDocumented(
      await call(buyer, 'GET', `/api/units/${unitId}/documents`),
      'get',
      '/units/{unitId}/documents',
    );

    const news = await call(farmer, 'GET', '/api/articles/news?per_page=2');
    expectDocumented(news, 'get', '/articles/{kind}');
    const articleId = news.json<ApiSuccess<ApiPaged<{ id: number }>>>().data.records[0]?.id;
    expectDocumented(
      await call(farmer, 'GET', `/api/articles/news/${articleId}`),
      'get',
      '/articles/{kind}/{id}',
    );
    expectDocumented(
      await call(farmer, 'GET', '/api/articles/news/999999'),
      'get',
      '/articles/{kind}/{id}',
    );

    for (const name of ['fenland_fresh', 'no_such_brand']) {
      const branding = await t.app.inject({
        method: 'GET',
        url: `/api/branding/${name}`,
        headers: PORTAL_HEADERS,
      });
      expectDocumented(branding, 'get', '/branding/{name}');
    }
    const providerId = buyer.user.provider?.id;
    expectDocumented(
      await call(buyer, 'GET', `/api/users/me/notifications/${providerId}`),
      'get',
      '/users/me/notifications/{providerId}',
    );
    const session = await call(buyer, 'POST', '/api/analytics/browser', {
      uid: buyer.user.id,
      bt: 'company',
      ua: 'Mozilla/5.0',
      ww: 1280,
      wh: 800,
      sw: 1920,
      sh: 1080,
    });
    expectDocumented(session, 'post', '/analytics/browser');
  });
});
