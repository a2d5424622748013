import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStates } from '../../server/access/explain-states.ts';
import { ADMIN_KEY_HEADER } from '../../server/auth/internal-routes.ts';
import { lockDataDir } from '../../server/db/data-dir-lock.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import type { ApiSuccess } from '../../shared/api.ts';
import { runScript } from './run-script.ts';
import { PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SLOW = 180_000;

const routes = (
  JSON.parse(readFileSync(path.join(ROOT, 'config/routes.json'), 'utf8')) as {
    routes: { path: string }[];
  }
).routes;
const knowledgeIndex = routes.findIndex((r) => r.path === '/knowledge-exchange');

/** `npm run explain -- ARGS`. */
const explain = (args: string[], env: Record<string, string>) => runScript('explain', args, env);

describe('npm run explain (a seeded DATA_DIR, no server running)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'fdp-explain-'));
  const dataDir = path.join(work, 'data');
  const env = { DATA_DIR: dataDir };
  /** A unit that holds no Fenland Fresh plan, so adviser@ may not see it. */
  let foreignUnit = 0;

  beforeAll(async () => {
    const lock = lockDataDir(dataDir, 'seed');
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await migrate(db);
      await seedIfEmpty(db, { farms: 2 });
      const { rows } = await db.query<{ id: number }>(
        `select min(un.id) as id from units un where not exists (
           select 1 from unit_packages up join packages p on p.id = up.package_id
           join providers pr on pr.id = p.provider_id
           where up.unit_id = un.id and pr.reference = 'fenland_fresh')`,
      );
      foreignUnit = rows[0]?.id ?? 0;
    } finally {
      await db.close();
      lock.release();
    }
  }, SLOW);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it(
    "explains why adviser@ does not see Knowledge Exchange: the route's and the rule's pointers",
    async () => {
      const run = await explain(['--user', 'adviser@example.com', '/knowledge-exchange'], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('directly (no server was running)');
      expect(run.stdout).toContain('State used: no unit selected');
      expect(run.stdout).toContain('/knowledge-exchange (Knowledge Exchange): hidden');
      expect(run.stdout).toContain(
        `config/routes.json#/routes/${String(knowledgeIndex)}/condition: needs the rule "knowledge-exchange"`,
      );
      expect(run.stdout).toContain(
        'config/rules.json#/rules/knowledge-exchange/condition/any/1/all/2: needs the flag company_technical_resources',
      );
      expect(run.stdout).toContain(
        "the user's accessTo does not allow company_technical_resources",
      );
      expect(run.stdout).toContain('Menu link "Documents › Knowledge Exchange"');
    },
    SLOW,
  );

  it(
    'lists every route with --all, and explains a farm user in each of their units',
    async () => {
      const all = await explain(['--user', 'adviser@example.com', '--all'], env);
      expect(all.code).toBe(0);
      expect(all.stdout).toMatch(/^shown {3}\/units\/list {2}Select Farm$/m);
      expect(all.stdout).toMatch(
        /^hidden {2}\/knowledge-exchange {2}Knowledge Exchange {2}\(config\/rules\.json#\/rules\/knowledge-exchange\/condition\)$/m,
      );
      const multi = await explain(['--user', 'multi@example.com', '/unit/records/monthly'], env);
      expect(multi.code).toBe(0);
      expect(multi.stdout).toContain('a farm user always works in one of their units');
      expect(multi.stdout).toMatch(/State 1 of \d+: unit \d+/);
      expect(multi.stdout).toContain('config/records/monthly.json#/access');
    },
    SLOW,
  );

  it(
    'fails with one clear line and exit code 1 on an unknown user, path or an unseen unit',
    async () => {
      const cases: [string[], string][] = [
        [['--user', 'nobody@example.com', '/news'], 'There is no user nobody@example.com.'],
        [
          ['--user', 'adviser@example.com', '/nowhere'],
          'Unknown path /nowhere: config/routes.json has no route for it.',
        ],
        [
          ['--user', 'adviser@example.com', '--unit', String(foreignUnit), '/news'],
          `Unit ${String(foreignUnit)} is not visible to adviser@example.com.`,
        ],
      ];
      for (const [args, message] of cases) {
        const run = await explain(args, env);
        expect(run.code, args.join(' ')).toBe(1);
        expect(run.stderr).toBe(`${message}\n`);
        expect(run.stdout).toBe('');
      }
      const usage = await explain(['/news'], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--user is required.');
      const help = await explain(['--help'], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--unit ID');
    },
    SLOW,
  );
});

describe('GET /api/internal/access-states', () => {
  const adminKey = 'explain-test-admin-key-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminKey });
  }, SLOW);
  afterAll(async () => {
    await t.close();
  });

  const call = (query: string, key = adminKey) =>
    t.app.inject({
      method: 'GET',
      url: `/api/internal/access-states?${query}`,
      headers: { ...PORTAL_HEADERS, [ADMIN_KEY_HEADER]: key },
    });

  it('answers the admin key only', async () => {
    expect((await call('username=adviser%40example.com', 'wrong-key')).statusCode).toBe(403);
  });

  it("answers the server's own states: staff with no unit, a farm user in each unit", async () => {
    const adviser = (await call('username=adviser%40example.com')).json<ApiSuccess<UserStates>>();
    expect(adviser.data.user).toMatchObject({
      username: 'adviser@example.com',
      type: 'company_employee',
      accessTo: { listUnits: true, viewFarmDetails: true },
    });
    expect(adviser.data.states).toEqual([
      expect.objectContaining({ unitId: null, planId: null, planFeatures: [] }),
    ]);
    const multi = (await call('username=multi%40example.com')).json<ApiSuccess<UserStates>>();
    expect(multi.data.states.length).toBeGreaterThan(1);
    for (const s of multi.data.states) {
      expect(s.unitId).toEqual(expect.any(Number));
      expect(s.state.plan?.features).toEqual(
        s.planFeatures.filter((f) => f !== 'unit_has_mifarm_support' && f !== 'bcms_cts'),
      );
    }
  });

  it('answers 404 for an unknown user and 400 for a bad unit', async () => {
    expect((await call('username=nobody%40example.com')).statusCode).toBe(404);
    expect((await call('username=adviser%40example.com&unit=x')).statusCode).toBe(400);
  });
});
