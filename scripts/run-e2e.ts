/**
 * `npm run test:e2e`: a freshly started production server on a free port with a throwaway
 * DATA_DIR, then Playwright in Debian's Chromium against it. The server stops either way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, DIST_DIR } from './lib/build.ts';
import { ensureChromium } from './lib/ensure-chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  server: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${String(server.exitCode)}.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The server did not answer ${url}/api/health within ${String(timeoutMs / 1000)} s.`,
  );
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

const chromium = ensureChromium();
buildIfStale();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-e2e-'));
const baseUrl = `http://localhost:${String(port)}`;
console.log(`e2e: starting the production server at ${baseUrl} with DATA_DIR=${dataDir}`);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: DIST_DIR,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let code = 1;
try {
  await waitForHealth(baseUrl, server);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium },
    },
  );
  code = result.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
