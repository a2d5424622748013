import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFile } from '../../scripts/vite/precompress.ts';
import { SHELL_NAME } from '../../server/http/index-page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess } from '../../shared/api.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import {
  login,
  loginAs,
  PORTAL_HEADERS,
  signedHeaders,
  signedInject,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fdp-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    // With a prefetch hint as scripts/vite/later-chunks.ts writes them.
    `<!doctype html><html><head><title>portal</title>\n    <link rel="prefetch" href="/assets/AlertsArea-A1e7.js" crossorigin>\n</head><body><div id="root">${SHELL_NAME}</div></body></html>`,
  );
  // The build's list of theme chunks (scripts/vite/themes.ts), which the server preloads by host.
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'theme-chunks.json'),
    JSON.stringify({
      default: '/assets/theme-default-D3f4ult.js',
      acme_foods: '/assets/theme-acme_foods-Acm3.js',
    }),
  );
  // What a signed-in page loads before its screen (scripts/vite/later-chunks.ts).
  writeFileSync(
    path.join(dir, '.vite', 'signed-in-chunks.json'),
    JSON.stringify(['/assets/SignedInShell-S1gn.js', '/assets/SignedInShell-S1gn.css']),
  );
  // Each signed-in screen's own code, by screen (scripts/vite/later-chunks.ts).
  writeFileSync(
    path.join(dir, '.vite', 'screen-chunks.json'),
    JSON.stringify({
      dashboard: ['/assets/DashboardScreen-D4sh.js', '/assets/DashboardScreen-D4sh.css'],
      records: ['/assets/RecordsScreen-R3c0.js'],
    }),
  );
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log("app")');
  // A chunk big enough to be worth compressing, with its .br and .gz as the build writes them.
  const chunk = path.join(dir, 'assets', 'big-XyZ789.js');
  writeFileSync(
    chunk,
    `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${String(i)}`))};`,
  );
  precompressFile(chunk);
  // A map left behind in the build by mistake must still not be served.
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.map'), '{"sourcesContent":["secret"]}');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
  return dir;
}

describe('HTTP behaviour of the production server', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await startTestApp({ production: true, staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('wraps success as {status: true, data}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiSuccess<unknown>>()).toEqual({
      status: true,
      data: { up: true, database: expect.stringMatching(/^(pglite|postgres)$/) as unknown },
    });
  });

  it('answers an unknown /api path with a JSON 404 error object, never the portal', async () => {
    for (const url of ['/api/nope', '/api', '/api/accounts/nothing?x=1']) {
      const response = await t.app.inject({ method: 'GET', url, headers: PORTAL_HEADERS });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<ApiErrorBody>()).toMatchObject({
        status: false,
        type: 'Request_NotFound',
        type_label: 'Not Found',
        code: 404,
        errors: [],
      });
    }
  });

  it('never sends a backtrace or its origin in production', async () => {
    const response = await login(t.app, 'farmer@example.com', 'wrong');
    const body = response.json<ApiErrorBody>();
    expect(body).not.toHaveProperty('backtrace');
    expect(body).not.toHaveProperty('thrown_from');
  });

  it('serves index.html, uncached, for any portal path so that client routes survive a reload', async () => {
    for (const url of [
      '/',
      '/login',
      '/dashboard',
      '/unit/records/animal?page=2',
      '/no/such/page',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("preloads the theme the host wears and shows its logo in the page's first paint, compressed as accepted", async () => {
    const page = async (host: string, encoding = 'identity') =>
      t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { host, 'accept-encoding': encoding },
      });
    const acme = await page('acme-foods.localhost:8080');
    expect(acme.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/theme-acme_foods-Acm3.js">',
    );
    expect(acme.body).toMatch(
      /<img class="boot-shell-logo" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="Acme Foods">/,
    );
    expect(acme.body).not.toContain(SHELL_NAME);
    const local = await page('localhost:8080');
    expect(local.body).toContain('href="/assets/theme-default-D3f4ult.js"');
    expect(local.body).not.toContain('acme_foods');
    // A host with no theme of its own wears the default.
    expect((await page('nobody-here.example.com')).body).toContain('theme-default-D3f4ult.js');
    const br = await page('acme-foods.localhost:8080', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(acme.body);
    // The list itself is the server's, never served.
    const listed = await t.app.inject({ method: 'GET', url: '/.vite/theme-chunks.json' });
    expect(listed.body).not.toContain('Acm3');
  });

  it("preloads the signed-in shell with a protected path's page only", async () => {
    const body = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } })).body;
    const shell = '<link rel="modulepreload" crossorigin href="/assets/SignedInShell-S1gn.js">';
    const sheet =
      '<link rel="preload" as="style" crossorigin href="/assets/SignedInShell-S1gn.css">';
    for (const url of [
      '/dashboard',
      '/unit/surveys/moorland-vale-herd-health-2026?x=1',
      '/News/',
    ]) {
      expect(await body(url), url).toContain(shell);
      expect(await body(url), url).toContain(sheet);
    }
    for (const url of [
      '/login',
      '/',
      '/contact-us',
      '/no/such/page',
      '/login?returnUrl=%2Fdashboard',
    ]) {
      expect(await body(url), url).not.toContain('SignedInShell');
    }
    // The theme is preloaded either way.
    expect(await body('/dashboard')).toContain('theme-default-D3f4ult.js');
    // What readies a login is prefetched by the login page; a signed-in page loads it when idle.
    expect(await body('/login')).toContain(
      '<link rel="prefetch" href="/assets/AlertsArea-A1e7.js" crossorigin>',
    );
    expect(await body('/dashboard')).not.toContain('prefetch');
  });

  it("preloads a signed-in page's own screen code with its page, and no other screen's", async () => {
    const body = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } })).body;
    const dashboard = await body('/dashboard');
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DashboardScreen-D4sh.js">',
    );
    expect(dashboard).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/DashboardScreen-D4sh.css">',
    );
    expect(dashboard).not.toContain('RecordsScreen');
    const records = await body('/unit/records/animal');
    expect(records).toContain('href="/assets/RecordsScreen-R3c0.js"');
    expect(records).not.toContain('DashboardScreen');
    expect(await body('/login')).not.toMatch(/DashboardScreen|RecordsScreen/);
  });

  it('caches hashed assets for a year and keeps the service worker revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's own brotli or gzip copy of a file, as the browser accepts, and the file itself otherwise", async () => {
    const url = '/assets/big-XyZ789.js';
    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // A file too small to gain has no copies: sent as it is.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses API answers above 1 KB as the client accepts, but never the login answer', async () => {
    // Lower Dale Dairy's assessment templates: a few kilobytes of JSON.
    const farmer = await loginAs(t.app, 'farmer@example.com');
    const unit = await unitIdNamed(t.db, 'Lower Dale Dairy');
    const url = `/api/units/${String(unit)}/assessments/templates`;
    const get = async (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          ...(await signedHeaders(farmer.auth_token, 'GET', url)),
          'accept-encoding': encoding,
        },
      });
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const loginAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=login',
      headers: {
        ...PORTAL_HEADERS,
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip',
      },
      payload: JSON.stringify({ username: 'farmer@example.com', password: DEMO_PASSWORD }),
    });
    expect(loginAnswer.statusCode).toBe(200);
    expect(loginAnswer.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with 404, not with HTML that would break as a script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Gone99.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('sends the security headers on API answers, pages and errors alike', async () => {
    for (const url of ['/api/health', '/dashboard', '/api/nope', '/assets/index-AbC123.js']) {
      const { headers } = await t.app.inject({ method: 'GET', url, headers: PORTAL_HEADERS });
      const csp = String(headers['content-security-policy']);
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // An API answer is data: it may load nothing at all.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('lets no API answer be cached, but for public brand content', async () => {
    const farmer = await loginAs(t.app, 'farmer@example.com');
    for (const response of [
      await signedInject(t.app, farmer.auth_token, 'GET', '/api/users/me'),
      await login(t.app, 'farmer@example.com', 'wrong'),
      await t.app.inject({ method: 'GET', url: '/api/nope', headers: PORTAL_HEADERS }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ]) {
      expect(response.headers['cache-control'], response.body.slice(0, 80)).toBe('no-store');
    }
    const brand = await t.app.inject({
      method: 'GET',
      url: '/api/branding/default',
      headers: PORTAL_HEADERS,
    });
    expect(brand.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never serves a source map', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });

  it('answers a misspelt API path with the JSON 404, never the portal', async () => {
    for (const url of [
      '/API/users/me',
      '//api/users/me',
      '/Api',
      '/%41PI/x',
      '/./api/x',
      '/x/../api/y',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: PORTAL_HEADERS });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json<ApiErrorBody>().type).toBe('Request_NotFound');
    }
  });

  it('applies every API rule to the route that matched, however its path was spelt', async () => {
    const body = { username: 'farmer@example.com', password: DEMO_PASSWORD };
    const encoded = '/%61pi/authenticate?api_action=login';
    const noKey = await t.app.inject({ method: 'POST', url: encoded, payload: body });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json<ApiErrorBody>().type).toBe('Security_InvalidApplicationKey');
    const { ['x-xsrf-token']: _header, ...noAntiForgery } = PORTAL_HEADERS;
    const forged = await t.app.inject({
      method: 'POST',
      url: encoded,
      headers: noAntiForgery,
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<ApiErrorBody>().type).toBe('Security_InvalidAntiForgeryToken');
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/%61pi/users/me',
      headers: PORTAL_HEADERS,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json<ApiErrorBody>().type).toBe('Security_Unauthorised');
  });

  describe('refuses writes that a browser says came from another site', () => {
    const attempt = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=login',
        headers: { ...PORTAL_HEADERS, host: 'portal.example.co.uk', ...headers },
        payload: { username: 'nobody@example.com', password: 'wrong' },
      });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['Origin: null', { origin: 'null' }],
    ])('%s', async (_what, headers) => {
      const response = await attempt(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiErrorBody>().type).toBe('Security_CrossSiteRequest');
    });

    it.each([
      [
        'from its own pages',
        { 'sec-fetch-site': 'same-origin', origin: 'https://portal.example.co.uk' },
      ],
      ['with an Origin of its own host', { origin: 'https://portal.example.co.uk' }],
      ['from a script that sends neither', {}],
    ])('but not %s', async (_what, headers) => {
      const response = await attempt(headers);
      // Past the cross-site check, the login itself answers: the username is unknown.
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiErrorBody>().type).toBe('Security_InvalidCredentials');
    });
  });
});

describe('error objects outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ production: false });
  });
  afterAll(() => t.close());

  it('say where the error was thrown, with project-relative frames', async () => {
    const body = (await login(t.app, 'farmer@example.com', 'wrong')).json<ApiErrorBody>();
    expect(body.thrown_from).toMatch(/^server\/.+\.ts:\d+$/);
    expect(body.backtrace?.[0]).toMatchObject({
      file: expect.stringMatching(/^server\//) as unknown,
    });
    expect(body.backtrace?.every((f) => !f.file.includes('node_modules'))).toBe(true);
  });
});
