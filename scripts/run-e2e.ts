/**
 * `npm run test:e2e`: a freshly started production server on a free port with a throwaway
 * DATA_DIR, then Playwright in Debian's Chromium against it. The server stops either way.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, DIST_DIR } from './lib/build.ts';
import { ensureChromium } from './lib/ensure-chromium.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A search for this text fails on the server on purpose, so e2e can see a real 500. */
const FAILING_SEARCH = 'fail-on-purpose';

const chromium = ensureChromium();
buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-e2e-'));
console.log(`e2e: starting the production server with DATA_DIR=${dataDir}`);

let code = 1;
let server: ServerProcess | undefined;
try {
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
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
