/**
 * What the operator scripts (sso-token, seed, backup, restore) share: they open DATA_DIR only
 * under its lock (server/db/data-dir-lock.ts), and when a server holds it they ask that server
 * through its admin channel (/api/internal, authorised by DATA_DIR/admin.key) instead.
 */
import appConfig from '../../config/app.json' with { type: 'json' };
import { readAdminKey } from '../../server/auth/admin-key.ts';
import { ADMIN_KEY_HEADER } from '../../server/auth/internal-routes.ts';
import type { ServerConfig } from '../../server/config.ts';
import {
  DataDirLockedError,
  describeOwner,
  lockDataDir,
  type DataDirLock,
  type LockOwner,
  type LockPurpose,
} from '../../server/db/data-dir-lock.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader } from '../../shared/signing.ts';

/** A failure the script reports as its one line of output (no stack trace). */
export class ToolError extends Error {}

/** Tells the operator, on stderr, when a lock left by a killed process was taken over. */
export function reportTakeover(lock: DataDirLock): void {
  if (lock.takenOver === undefined) return;
  const who =
    lock.takenOver === 'unreadable' ? 'an unreadable lock file' : describeOwner(lock.takenOver);
  console.error(`Took over the stale lock of ${who} in ${lock.dataDir}: it is no longer running.`);
}

/** Runs `work` holding DATA_DIR's lock, released afterwards whatever happens. */
export async function underLock<T>(
  dataDir: string,
  purpose: LockPurpose,
  work: (lock: DataDirLock) => Promise<T>,
): Promise<T> {
  const lock = lockDataDir(dataDir, purpose);
  reportTakeover(lock);
  try {
    return await work(lock);
  } finally {
    lock.release();
  }
}

export interface RunningServer {
  owner: LockOwner;
  /** Sends a call to the server's admin channel, e.g. call('GET', '/api/internal/backup'). */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>;
}

/** The server that holds DATA_DIR, reached on the port its lock file records. */
export async function serverHolding(
  config: ServerConfig,
  owner: LockOwner,
): Promise<RunningServer> {
  const adminKey = await readAdminKey(config.dataDir);
  const port = owner.port ?? config.port;
  const url = `http://localhost:${String(port)}`;
  const notAnswering = (why: string) =>
    new ToolError(
      `${describeOwner(owner)} holds ${config.dataDir} but ${why}. If it is still starting, try ` +
        `again in a moment; otherwise stop it (kill ${String(owner.pid)}) and run this again.`,
    );
  if (adminKey === undefined) throw notAnswering('its admin key is not there yet');
  const csrf = 'operator-script';
  return {
    owner,
    async call(method, path, body) {
      try {
        return await fetch(`${url}${path}`, {
          method,
          headers: {
            [ADMIN_KEY_HEADER]: adminKey,
            [AuthHeader.ApplicationKey]: appConfig.applicationKey,
            [AuthHeader.AntiForgery]: csrf,
            cookie: `${ANTI_FORGERY_COOKIE}=${csrf}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
        throw notAnswering(`does not answer at ${url} (${cause})`);
      }
    },
  };
}

/**
 * Either takes DATA_DIR's lock and runs `direct`, or, when a server holds it, runs `viaServer`
 * with that server. Any other holder (a seed or a restore in progress) is a clear refusal.
 */
export async function withServerOrLock<T>(
  config: ServerConfig,
  purpose: LockPurpose,
  viaServer: (server: RunningServer) => Promise<T>,
  direct: (lock: DataDirLock) => Promise<T>,
): Promise<T> {
  let lock: DataDirLock;
  try {
    lock = lockDataDir(config.dataDir, purpose);
  } catch (error) {
    if (error instanceof DataDirLockedError && error.owner.purpose === 'server')
      return viaServer(await serverHolding(config, error.owner));
    throw error;
  }
  reportTakeover(lock);
  try {
    return await direct(lock);
  } finally {
    lock.release();
  }
}

/** The message of a failed server answer: the API's error object's msg, or the status. */
export async function failureOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { msg?: unknown };
    if (typeof body.msg === 'string') return body.msg;
  } catch {
    // not JSON
  }
  return `The server answered ${String(response.status)}.`;
}

/** Ends a script with the failure as plain words on stderr (an operator reads it, not a developer). */
export function exitWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
