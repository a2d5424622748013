/** Starting and stopping the API server as a child process, for the e2e runner and the benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
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

export interface ServerProcess {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * The production server (server/main.ts) on 127.0.0.1 and a free port, answering its health
 * check. `env` adds to or overrides the environment (DATA_DIR, STATIC_DIR, DATABASE_URL…).
 * `root` is the checkout whose server/main.ts runs, in that directory (default: this repository),
 * e.g. a temporary copy with changed config.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  root = ROOT,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${String(port)}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
      server.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      server.kill('SIGTERM');
    });
  };
  try {
    await waitForHealth(baseUrl, server, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
