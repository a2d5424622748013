import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A copy of config/ to break, one reference at a time. */
describe('npm run validate:config', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    // config/ and schemas/ side by side, so that every "$schema" path still resolves.
    root = mkdtempSync(path.join(tmpdir(), 'fdp-config-'));
    dir = path.join(root, 'config');
    cpSync(path.join(ROOT, 'config'), dir, { recursive: true });
    cpSync(path.join(ROOT, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const routesFile = () => path.join(dir, 'routes.json');
  function editRoutes(edit: (routes: Record<string, unknown>[]) => void) {
    const doc = JSON.parse(readFileSync(routesFile(), 'utf8')) as {
      routes: Record<string, unknown>[];
    };
    edit(doc.routes);
    writeFileSync(routesFile(), JSON.stringify(doc));
  }
  const indexOf = (routes: Record<string, unknown>[], p: string) =>
    routes.findIndex((r) => r.path === p);

  it('passes the real config', () => {
    expect(validateConfig()).toEqual([]);
  });

  it('names an unknown flag in a route condition, with its pointer and a hint', () => {
    let index = -1;
    editRoutes((routes) => {
      index = indexOf(routes, '/units/list');
      (routes[index] as { condition?: unknown }).condition = { all: ['listUnits', 'listUnitz'] };
    });
    const problems = validateConfig(dir);
    expect(problems).toEqual([
      {
        file: expect.stringContaining('routes.json') as string,
        pointer: `/routes/${index}/condition`,
        message: 'uses the flag "listUnitz", which config/features.json does not define',
        hint: 'define the flag in config/features.json, or correct its spelling',
      },
    ]);
  });

  it('names a screen no code registers, listing the ones that are', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/dashboard')] as { screen: string }).screen = 'dashbaord';
    });
    const [problem] = validateConfig(dir);
    expect(problem?.message).toBe('names the screen "dashbaord", which no code registers');
    expect(problem?.hint).toContain('dashboard');
  });

  it('names a record type that has no file under config/records', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/unit/records/monthly')] as { recordType: string }).recordType =
        'monthy';
    });
    expect(validateConfig(dir)[0]?.message).toBe(
      'shows the record type "monthy", which has no config/records/monthy.json',
    );
  });

  it('names a menu link to a path no route serves, and an unknown flag in a menu', () => {
    const menusFile = path.join(dir, 'menus.json');
    const menus = JSON.parse(readFileSync(menusFile, 'utf8')) as {
      main: { path?: string; condition?: unknown }[];
    };
    const first = menus.main[0];
    if (!first) throw new Error('no menu item');
    first.path = '/dashbord';
    first.condition = 'records_monthy';
    writeFileSync(menusFile, JSON.stringify(menus));
    expect(validateConfig(dir).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/main/0/condition: uses the flag "records_monthy", which config/features.json does not define',
      '/main/0/path: links to "/dashbord", which no route in config/routes.json serves',
    ]);
  });

  it('names a redirect to a path no route serves', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/')] as { redirect: string }).redirect = '/signin';
    });
    expect(validateConfig(dir)[0]?.message).toBe('redirects to "/signin", which no route serves');
  });

  it('reports a condition of the wrong shape through the schema, with a hint', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/units/list')] as { condition?: unknown }).condition = {
        atLeast: 0,
        of: ['listUnits'],
      };
    });
    const { routes } = JSON.parse(readFileSync(routesFile(), 'utf8')) as {
      routes: { path: string }[];
    };
    const index = routes.findIndex((r) => r.path === '/units/list');
    const problems = validateConfig(dir);
    expect(problems).toContainEqual({
      file: expect.stringContaining('routes.json') as string,
      pointer: `/routes/${index}/condition/atLeast`,
      message: 'must be >= 1',
      hint: 'see the schema named in "$schema" for what is allowed here',
    });
    const summary = problems.find((p) => p.pointer === `/routes/${index}/condition`);
    expect(summary?.hint).toBe(
      "use one of these forms: Flag; All; Any; Not; At least N of (see the schema's descriptions)",
    );
  });
});
