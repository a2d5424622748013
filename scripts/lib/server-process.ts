/**
 * Starting and stopping the API server as a child process, for the e2e runner, the benchmark,
 * the durability test and the tests of the data directory lock.
 */
import { existsSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildServerIfStale } from './build.ts';
import { SERVER_DIST } from './build-server.ts';

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

/** Often enough that bench:start's restart time is the server's, not this wait's. */
const HEALTH_POLL_MS = 50;

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`The server exited (${String(server.exitCode ?? server.signalCode)}).`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
  throw new Error(
    `The server did not answer ${url}/api/health within ${String(timeoutMs / 1000)} s.`,
  );
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the server wrote to stdout and stderr so far, when started with captureOutput. */
  output: () => string;
  /** SIGTERM (a clean stop, SIGKILL after 15 s); resolves when the process has exited. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown at all, like a power cut or the OOM killer; resolves when gone. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  /** Keep stdout and stderr for output() instead of passing stderr through. */
  captureOutput?: boolean;
  /**
   * Run server/main.ts under tsx instead of the production bundle (dist-server/main.js): the
   * tests, which check the server's code as written without building it first.
   */
  fromSource?: boolean;
}

/** How to run `root`'s server: its bundle, (re)built first if older than its sources, or its source. */
function serverCommand(root: string, fromSource: boolean): string[] {
  // A checkout from before the server was bundled (an export of an older main, for bench:api's
  // --root) runs from its source, as it did then.
  const bundled = existsSync(path.join(root, 'scripts/lib/build-server.ts'));
  if (fromSource || !bundled) return ['--import', 'tsx', path.join(root, 'server/main.ts')];
  buildServerIfStale(root);
  return [path.join(root, SERVER_DIST, 'main.js')];
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The production server (the bundle of server/main.ts, or its source with `fromSource`) on
 * 127.0.0.1 and a free port, answering its health check. `env` adds to or overrides the
 * environment (DATA_DIR, STATIC_DIR, DATABASE_URL…). `root` is the checkout whose server runs, in
 * that directory (default: this repository), e.g. a temporary copy with changed config.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  root = ROOT,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${String(port)}`;
  const server = spawn(process.execPath, serverCommand(root, options.fromSource ?? false), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: [
      'ignore',
      options.captureOutput ? 'pipe' : 'ignore',
      options.captureOutput ? 'pipe' : 'inherit',
    ],
  });
  const chunks: Buffer[] = [];
  server.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  server.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const stop = () => {
    if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
      server.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      server.kill('SIGTERM');
    });
  };
  const kill = () => {
    const gone = exited(server);
    server.kill('SIGKILL');
    return gone;
  };
  try {
    await waitForHealth(baseUrl, server, timeoutMs);
  } catch (error) {
    await stop();
    if (!options.captureOutput) throw error;
    const said = Buffer.concat(chunks).toString('utf8').slice(-4000);
    throw new Error(`${error instanceof Error ? error.message : String(error)} It said:\n${said}`, {
      cause: error,
    });
  }
  return {
    baseUrl,
    child: server,
    output: () => Buffer.concat(chunks).toString('utf8'),
    stop,
    kill,
  };
}
