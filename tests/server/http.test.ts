import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess } from '../../shared/api.ts';
import { login, PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fdp-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log("app")');
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

  it('caches hashed assets for a year and keeps the service worker revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
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
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
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
