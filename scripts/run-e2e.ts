/**
 * `npm run test:e2e`: a freshly started production server on a free port with a throwaway
 * DATA_DIR, then Playwright in Debian's Chromium against it. The server stops either way.
 *
 * The throwaway DATA_DIR's database is created, migrated and seeded by `npm run seed` (what the
 * server does at its first start, and as long as the build on a clean clone) while the portal
 * builds, rather than by the server after the build; the server then opens it as it stands.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, DIST_DIR } from './lib/build.ts';
import { ensureChromium } from './lib/ensure-chromium.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A search for this text fails on the server on purpose, so e2e can see a real 500. */
const FAILING_SEARCH = 'fail-on-purpose';

/** Resolves when the child exits; rejects unless it exited with 0. */
function succeeded(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${String(code ?? signal)}); see the output above.`));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-e2e-'));
console.log(`e2e: seeding DATA_DIR=${dataDir} while the portal builds`);
// Started before the build, which blocks this process (spawnSync) but not the seed's.
const seeder = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/seed.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
});
const seeding = succeeded(seeder, 'Seeding the e2e database');
// Handled below; without this an early rejection would count as unhandled during the build.
seeding.catch(() => undefined);

let code = 1;
let server: ServerProcess | undefined;
try {
  const chromium = ensureChromium();
  buildIfStale();
  await seeding;
  console.log(`e2e: starting the production server with DATA_DIR=${dataDir}`);
  server = await startServer({
    DATA_DIR: dataDir,
    STATIC_DIR: DIST_DIR,
    DATABASE_URL: '',
    FAIL_REQUESTS_MATCHING: `[?&]search=${FAILING_SEARCH}(&|$)`,
  });
  console.log(`e2e: the server answers at ${server.baseUrl}`);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: server.baseUrl,
        E2E_DATA_DIR: dataDir,
        CHROMIUM_PATH: chromium,
        E2E_FAILING_SEARCH: FAILING_SEARCH,
      },
    },
  );
  code = result.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  // A failed build leaves the seed running: it stops before its directory goes.
  if (seeder.exitCode === null && seeder.signalCode === null) {
    seeder.kill();
    await seeding.catch(() => undefined);
  }
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
