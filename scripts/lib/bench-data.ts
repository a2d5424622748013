/**
 * The databases `npm run bench:api -- --farms N,…` measures: one seeded per size and kept, since
 * seeding 200,000 farms takes about 20 minutes. PGlite: a DATA_DIR under the system's temporary
 * folder (fdp-bench-api/farms-N-seed-S-<last migration>); PostgreSQL (DATABASE_URL set): a
 * database of that name on the same server (the role needs CREATEDB, as for the server tests).
 * The name carries the checkout's last migration, so that a checkout with other migrations
 * (`--root`) never opens a database it cannot read. Each is seeded by the checkout's own
 * `scripts/seed.ts`; a `.seeded` file (PGlite) or the users table (PostgreSQL, the seed's own
 * test) says the seed finished. The measured writes stay in it; delete the folder or drop the
 * database to start again.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const BENCH_DATA_ROOT = path.join(tmpdir(), 'fdp-bench-api');

/** The checkout's newest migration, e.g. "0019": what its databases must have been made by. */
export function lastMigration(root: string): string {
  const files = readdirSync(path.join(root, 'server/db/migrations'))
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();
  return files.at(-1)?.slice(0, 4) ?? '0000';
}

/** What the server is started with: its DATA_DIR, and DATABASE_URL when on PostgreSQL. */
export interface BenchDatabase {
  env: Record<string, string>;
  description: string;
}

function runSeed(root: string, farms: number, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', `--farms=${String(farms)}`],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The seed exited with ${String(code)}.`)),
    );
  });
}

async function onPostgres(adminUrl: string, name: string): Promise<string> {
  const url = new URL(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The seeded database for `farms` generated farms, made (and seeded) when there is none yet. */
export async function benchDatabase(root: string, farms: number): Promise<BenchDatabase> {
  const name = `farms-${String(farms)}-seed-default-${lastMigration(root)}`;
  const dataDir = path.join(BENCH_DATA_ROOT, name);
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = `fdp_bench_${name.replaceAll('-', '_')}`;
    const url = await onPostgres(adminUrl, database);
    // The server's own DATA_DIR (its admin key and lock), apart from any PGlite of that size.
    const env = { DATA_DIR: `${dataDir}-server`, DATABASE_URL: url };
    // The seed leaves a database that holds users alone, so running it again costs a count.
    console.log(`bench:api: database ${database} (seeded once, then reused) …`);
    await runSeed(root, farms, env);
    return { env, description: `PostgreSQL database ${database}` };
  }
  const marker = path.join(dataDir, '.seeded');
  if (!existsSync(marker)) {
    // A seed cut short leaves a directory to start again from scratch.
    await rm(dataDir, { recursive: true, force: true });
    console.log(`bench:api: seeding ${farms.toLocaleString('en-GB')} farms into ${dataDir} …`);
    const started = performance.now();
    await runSeed(root, farms, { DATA_DIR: dataDir });
    writeFileSync(marker, `${String(Math.round((performance.now() - started) / 1000))} s\n`);
  }
  return { env: { DATA_DIR: dataDir }, description: `embedded PGlite in ${dataDir}` };
}
