/**
 * One process per data directory, the way PostgreSQL's postmaster.pid keeps two postmasters off
 * one PGDATA. The embedded database and admin.key assume a single owner: two servers on one
 * directory hand out the same ids and lose each other's writes. So every process that opens
 * DATA_DIR (the server, sso-token, seed, backup, restore) first creates DATA_DIR/server.pid,
 * atomically, holding its PID, and refuses to go on while a live process holds it.
 *
 * A lock left by a process that is gone (SIGKILL, power cut) is stale and is taken over, and the
 * caller is told so. "Gone" means: no such PID, or a PID now belonging to a different process
 * (its start time in /proc differs from the one recorded), or our own PID (a container restarted
 * and handed us the PID of its previous life). Known limit, as for postmaster.pid: on a system
 * without /proc, a dead server's PID reused by an unrelated process keeps the lock held until the
 * file is removed by hand; the refusal message names the file.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export type LockPurpose = 'server' | 'sso-token' | 'seed' | 'backup' | 'restore' | 'explain';

const LOCK_FILE = 'server.pid';

export const lockFilePath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/** What the lock file holds (JSON, one line). */
export interface LockOwner {
  pid: number;
  purpose: LockPurpose;
  host: string;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** The process's start time in clock ticks since boot (/proc/PID/stat), to detect PID reuse. */
  procStart?: string;
  /** The port a server listens on, once it does, so that tools can find it. */
  port?: number;
  /** Random, so that release() never removes a lock that another life of this PID took. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.host === hostname() ? '' : ` on host ${owner.host}`;
    super(
      `${dataDir} is in use by ${describeOwner(owner)}${where}, since ${owner.startedAt}. Only one ` +
        `process may open a data directory at a time: stop PID ${String(owner.pid)} first, or ` +
        `give this one another DATA_DIR. (Lock file: ${lockFilePath(dataDir)})`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** The stale lock this one replaced, if any: its owner died without releasing it. */
  readonly takenOver: LockOwner | 'unreadable' | undefined;
  /** Records the server's port in the lock file, for sso-token and backup. */
  setPort(port: number): void;
  /** True while the lock file is still ours (nobody removed or replaced it). */
  stillHeld(): boolean;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

// Keyed by any string: a lock file may come from another version of this program.
const PURPOSE_NAMES: Partial<Record<string, string>> = {
  server: 'the server',
  'sso-token': 'npm run sso-token',
  seed: 'npm run seed',
  backup: 'npm run backup',
  restore: 'npm run restore',
  explain: 'npm run explain',
};

export function describeOwner(owner: Pick<LockOwner, 'pid' | 'purpose'>): string {
  return `${PURPOSE_NAMES[owner.purpose] ?? owner.purpose} (PID ${String(owner.pid)})`;
}

/** Locks this process holds, so that a second lock of one directory in one process refuses too. */
const heldHere = new Set<string>();

interface ProcStat {
  /** R, S, D, Z (zombie: exited, not yet reaped), X (dead)… */
  state: string;
  /** Start time in clock ticks since boot. */
  startTime: string;
}

/** Fields 3 and 22 of /proc/PID/stat, or undefined without /proc (or without that process). */
function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, startTime] = [fields[0], fields[19]];
    return state && startTime ? { state, startTime } : undefined;
  } catch {
    return undefined;
  }
}

const processStartTime = (pid: number) => procStat(pid)?.startTime;

/** Whether the process that wrote the lock is still running. */
function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false; // our PID: a previous life of this container
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(owner.pid);
  // Without /proc the PID is all there is to go by; with it, no entry means it just ended.
  if (stat === undefined) return procStat(process.pid) === undefined;
  // A zombie has exited and closed its files; it only waits for its parent to notice.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.procStart === undefined || stat.startTime === owner.procStart;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return undefined;
    if (typeof value.purpose !== 'string' || typeof value.token !== 'string') return undefined;
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const tempName = (target: string) =>
  `${target}.${String(process.pid)}.${randomBytes(4).toString('hex')}.tmp`;

function writeDurably(file: string, text: string): void {
  const fd = openSync(file, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Creates `target` with `text`, complete, or returns false if it exists (link is atomic). */
function createComplete(target: string, text: string): boolean {
  const temp = tempName(target);
  writeDurably(temp, text);
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function unlinkIfSame(file: string, expected: string): void {
  if (readText(file) === expected) {
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Removes the stale lock whose text was `staleText`, unless someone else is already doing so.
 * Takeovers are serialised by a second, short-lived lock file, so that two processes finding the
 * same stale lock cannot both remove it and both go on (the second would remove the first's new
 * lock). Returns after trying; the caller tries to create its lock again either way.
 */
function removeStale(lockPath: string, staleText: string, myText: string): void {
  const guard = `${lockPath}.takeover`;
  if (!createComplete(guard, myText)) {
    // Another process is taking over right now (a few milliseconds), unless it died doing so.
    const guardText = readText(guard);
    const guardOwner = guardText === undefined ? undefined : parseOwner(guardText);
    if (guardText !== undefined && (!guardOwner || !ownerAlive(guardOwner)))
      unlinkIfSame(guard, guardText);
    return;
  }
  try {
    unlinkIfSame(lockPath, staleText);
  } finally {
    unlinkIfSame(guard, myText);
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes DATA_DIR's lock for `purpose` or throws DataDirLockedError naming the live owner. When a
 * live process holds it, nothing in the directory is written. Released on release() or exit.
 */
export function lockDataDir(dataDir: string, purpose: LockPurpose): DataDirLock {
  const dir = path.resolve(dataDir);
  const lockPath = lockFilePath(dir);
  // This very process holds it already (a second open in one process is as wrong as in two).
  if (heldHere.has(lockPath)) {
    const text = readText(lockPath);
    throw new DataDirLockedError(dir, (text && parseOwner(text)) || ownerRecord(purpose));
  }

  let takenOver: LockOwner | 'unreadable' | undefined;
  let mine: LockOwner | undefined;
  for (let attempt = 0; attempt < 100 && !mine; attempt++) {
    const existing = readText(lockPath);
    if (existing !== undefined) {
      const owner = parseOwner(existing);
      if (owner && ownerAlive(owner)) throw new DataDirLockedError(dir, owner);
      // Stale (or garbage): only now, with no live owner, is anything written here.
      removeStale(lockPath, existing, JSON.stringify(ownerRecord(purpose)));
      takenOver ??= owner ?? 'unreadable';
      sleep(attempt < 3 ? 0 : 10);
      continue;
    }
    mkdirSync(dir, { recursive: true });
    const candidate = ownerRecord(purpose);
    if (createComplete(lockPath, `${JSON.stringify(candidate)}\n`)) mine = candidate;
  }
  if (!mine) throw new Error(`Could not take the lock ${lockPath}: it keeps changing hands.`);
  return holdLock(dir, lockPath, mine, takenOver);
}

function ownerRecord(purpose: LockPurpose): LockOwner {
  const procStart = processStartTime(process.pid);
  return {
    pid: process.pid,
    purpose,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(procStart === undefined ? {} : { procStart }),
    token: randomBytes(8).toString('hex'),
  };
}

function holdLock(
  dataDir: string,
  lockPath: string,
  initial: LockOwner,
  takenOver: LockOwner | 'unreadable' | undefined,
): DataDirLock {
  let owner = initial;
  let released = false;
  heldHere.add(lockPath);
  const ours = () => {
    const text = readText(lockPath);
    const current = text === undefined ? undefined : parseOwner(text);
    return current?.pid === owner.pid && current.token === owner.token;
  };
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    process.removeListener('exit', release);
    if (ours()) unlinkSync(lockPath);
  };
  // SIGKILL skips this, which is what the stale-lock takeover is for.
  process.on('exit', release);
  return {
    dataDir,
    takenOver,
    setPort(port) {
      if (released || !ours()) return;
      owner = { ...owner, port };
      // Replace the file whole, so a reader never sees it half written.
      const temp = tempName(lockPath);
      writeDurably(temp, `${JSON.stringify(owner)}\n`);
      renameSync(temp, lockPath);
    },
    stillHeld: () => !released && ours(),
    release,
  };
}
