import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY_HEADER } from '../../server/auth/internal-routes.ts';
import { lockDataDir } from '../../server/db/data-dir-lock.ts';
import { openDatabase, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { startServer, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { runScript } from './run-script.ts';
import { PORTAL_HEADERS, startTestApp } from './test-app.ts';

const SLOW = 180_000;

/** `npm run backup|restore -- ARGS`. */
const run = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runScript(name, args, env);

describe('npm run backup and npm run restore (embedded PGlite)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'fdp-backup-'));
  const dataDir = path.join(work, 'data');
  const env = { DATA_DIR: dataDir };
  let server: ServerProcess | undefined;

  /** Opens DATA_DIR's database as the tools do: under the lock. */
  async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
    const lock = lockDataDir(dataDir, 'seed');
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      return await use(db);
    } finally {
      await db.close();
      lock.release();
    }
  }

  const write = (...markers: string[]) =>
    withDb(async (db) => {
      for (const marker of markers) {
        await db.query(
          `insert into records (unit_id, record_type, data)
           values ((select min(id) from units), 'monthly', jsonb_build_object('notes', $1::text))`,
          [marker],
        );
      }
    });

  const markers = () =>
    withDb(async (db) => {
      const { rows } = await db.query<{ notes: string }>(
        "select data->>'notes' as notes from records where data->>'notes' like 'row %' order by 1",
      );
      return rows.map((r) => r.notes);
    });

  beforeAll(async () => {
    await withDb(async (db) => {
      await migrate(db);
      await seedIfEmpty(db, { farms: 2 });
    });
    await write('row A1', 'row A2', 'row A3');
  }, SLOW);

  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up with no server running, and a restore brings back exactly the rows backed up',
    async () => {
      const file = path.join(work, 'first.tar.gz');
      const backup = await run('backup', [file], env);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('directly (no server was running)');

      await write('row B1', 'row B2');
      expect(await markers()).toEqual(['row A1', 'row A2', 'row A3', 'row B1', 'row B2']);

      const restore = await run('restore', [file], env);
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`Restored ${dataDir} from ${file}`);
      expect(await markers()).toEqual(['row A1', 'row A2', 'row A3']);
      // The database it replaced is kept beside it; no half-restored copy is left.
      const entries = readdirSync(dataDir);
      expect(entries.filter((e) => e.startsWith('pglite.before-restore-'))).toHaveLength(1);
      expect(entries.filter((e) => e.includes('restoring'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'backs up through the running server, refuses to restore while it runs, and restores after',
    async () => {
      await write('row C1');
      server = await startServer({ ...env, STATIC_DIR: '', DATABASE_URL: '' }, SLOW, undefined, {
        fromSource: true,
      });
      const pid = String(server.child.pid);
      const file = path.join(work, 'second.tar.gz');

      const backup = await run('backup', [file], env);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`from the server (PID ${pid})`);

      const before = readdirSync(dataDir).sort();
      const refused = await run('restore', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${dataDir} is in use by the server (PID ${pid})`);
      expect(readdirSync(dataDir).sort()).toEqual(before);

      await server.stop();
      await write('row D1');
      const restore = await run('restore', [file], env);
      expect(restore.code).toBe(0);
      expect(await markers()).toEqual(['row A1', 'row A2', 'row A3', 'row C1']);
    },
    SLOW,
  );

  it('refuses a file that is not a backup and changes nothing', async () => {
    const bogus = path.join(work, 'notes.txt');
    writeFileSync(bogus, 'not a backup');
    const before = readdirSync(dataDir).sort();
    const restore = await run('restore', [bogus], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('is not a backup made by npm run backup');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });

  it('points to pg_dump and pg_restore when DATABASE_URL is set', async () => {
    const postgres = { ...env, DATABASE_URL: 'postgres://fdp@localhost/fdp' };
    const backup = await run('backup', ['/tmp/x.dump'], postgres);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain(`pg_dump --format=custom --file='/tmp/x.dump' "$DATABASE_URL"`);
    const restore = await run('restore', ['/tmp/x.dump'], postgres);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('pg_restore --clean --if-exists --no-owner');
  });
});

describe('GET /api/internal/backup', () => {
  it('answers the database as a gzip tarball to the admin key only', async () => {
    const adminKey = 'backup-test-admin-key-0123456789';
    const t = await startTestApp({ adminKey });
    try {
      const call = (key: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/internal/backup',
          headers: { ...PORTAL_HEADERS, [ADMIN_KEY_HEADER]: key },
        });
      expect((await call('wrong-key')).statusCode).toBe(403);
      const answer = await call(adminKey);
      if (t.db.kind === 'postgres') {
        expect(answer.statusCode).toBe(501);
        return;
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/gzip');
      expect([...answer.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    } finally {
      await t.close();
    }
  });
});
