import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  lockDataDir,
  lockFilePath,
  type LockOwner,
} from '../../server/db/data-dir-lock.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { startServer, type ServerProcess } from '../../scripts/lib/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SLOW = 180_000;

const HOLDER = new URL('./fixtures/hold-lock.ts', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fdp-lock-'));
  dirs.push(dir);
  return dir;
}

interface HolderReport {
  locked: boolean;
  pid: number;
  takenOver?: LockOwner | 'unreadable' | null;
  message?: string;
}

/** Another process trying to take the lock; resolves with what it reported. */
function holder(dataDir: string, purpose = 'server', startAt = 0) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', HOLDER, dataDir, purpose, String(startAt)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const report = new Promise<HolderReport>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as HolderReport);
    });
    child.once('close', (code) => reject(new Error(`holder exited ${String(code)}: ${out}`)));
  });
  return { child, report };
}

/** A PID that no process has: one that just ran and was reaped. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(done.stdout.trim());
}

const writeLock = (dir: string, owner: Partial<LockOwner> | string) =>
  writeFileSync(
    lockFilePath(dir),
    typeof owner === 'string'
      ? owner
      : JSON.stringify({ purpose: 'server', host: 'h', startedAt: 'then', token: 't', ...owner }),
  );

const listing = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock (server.pid)', () => {
  it('holds the PID and purpose while taken, and is gone when released', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'seed');
    const owner = JSON.parse(readFileSync(lockFilePath(dir), 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, purpose: 'seed' });
    expect(lock.takenOver).toBeUndefined();
    expect(() => lockDataDir(dir, 'backup')).toThrow(DataDirLockedError);
    lock.setPort(8123);
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ port: 8123 });
    expect(lock.stillHeld()).toBe(true);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
    lockDataDir(dir, 'seed').release();
  });

  it('refuses while another live process holds it, naming the PID, the holder and the directory, and writes nothing', async () => {
    const dir = freshDir();
    const first = await holder(dir, 'server').report;
    expect(first.locked).toBe(true);
    const before = listing(dir);
    const lockText = readFileSync(lockFilePath(dir), 'utf8');

    const error = (() => {
      try {
        lockDataDir(dir, 'backup');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`PID ${String(first.pid)}`);
    expect(message).toContain('the server');
    expect(message).toContain(dir);
    expect(listing(dir)).toEqual(before);
    expect(readFileSync(lockFilePath(dir), 'utf8')).toBe(lockText);
  });

  it('takes over a stale lock whose process is gone, and says whose it was', () => {
    const dir = freshDir();
    const dead = deadPid();
    writeLock(dir, { pid: dead });
    const lock = lockDataDir(dir, 'server');
    expect(lock.takenOver).toMatchObject({ pid: dead, purpose: 'server' });
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over an unreadable lock file, and a lock whose PID now belongs to another process', async () => {
    const dir = freshDir();
    writeLock(dir, '');
    const garbage = lockDataDir(dir, 'server');
    expect(garbage.takenOver).toBe('unreadable');
    garbage.release();

    // A live process, but not the one that wrote the lock: it started at another time.
    const other = await holder(freshDir(), 'seed').report;
    writeLock(dir, { pid: other.pid, procStart: '1' });
    const reused = lockDataDir(dir, 'server');
    expect(reused.takenOver).toMatchObject({ pid: other.pid });
    reused.release();
  });

  it('lets exactly one of several processes take over the same stale lock at the same moment', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid() });
    const startAt = Date.now() + 2_500; // after every holder has loaded
    const reports = await Promise.all(
      Array.from({ length: 5 }, () => holder(dir, 'server', startAt).report.catch(() => undefined)),
    );
    const locked = reports.filter((r) => r?.locked);
    expect(locked).toHaveLength(1);
    const winner = locked[0]?.pid;
    for (const r of reports) {
      if (r && !r.locked) expect(r.message).toContain(`PID ${String(winner)}`);
    }
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: winner });
  });

  it('never removes a lock that is no longer its own', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'server');
    writeLock(dir, { pid: process.pid, token: 'someone-else' });
    expect(lock.stillHeld()).toBe(false);
    lock.release();
    expect(readdirSync(dir)).toEqual(['server.pid']);
  });
});

/**
 * Runs a script of this repository (server/main.ts, scripts/*.ts) to its end, or for at most
 * 60 s: a server that starts when it should have refused is stopped then (code null).
 */
function runNode(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    children.push(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file under the directory with its size, modification time and (small files) content. */
function snapshot(dir: string): string[] {
  return listing(dir).map((file) => {
    const stat = statSync(file);
    const small = stat.isFile() && stat.size < 4096 ? readFileSync(file, 'utf8') : '';
    return `${file} ${String(stat.size)} ${String(stat.mtimeMs)} ${small}`;
  });
}

describe('two servers on one DATA_DIR', () => {
  const dataDir = path.join(freshDir(), 'data');
  const env = { DATA_DIR: dataDir, STATIC_DIR: '' };
  let first: ServerProcess | undefined;

  beforeAll(async () => {
    const lock = lockDataDir(dataDir, 'seed');
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrate(db);
    await seedIfEmpty(db, { farms: 2 });
    await db.close();
    lock.release();
    first = await startServer({ ...env, DATABASE_URL: '' }, SLOW, undefined, { fromSource: true });
  }, SLOW);
  afterAll(() => first?.stop());

  it(
    'the second refuses, naming the PID and the directory, without a stack trace, and changes nothing there',
    async () => {
      const pid = String(first?.child.pid);
      const before = snapshot(dataDir);

      const second = await runNode('server/main.ts', [], {
        ...env,
        PORT: '0',
        NODE_ENV: 'production',
      });
      expect(snapshot(dataDir)).toEqual(before);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`${dataDir} is in use by the server (PID ${pid})`);
      expect(second.stderr).toContain(`stop PID ${pid} first`);
      expect(second.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(dataDir).sort()).toEqual(['admin.key', 'pglite', 'server.pid']);
      expect((await fetch(`${first?.baseUrl ?? ''}/api/health`)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'sso-token asks the running server; seed refuses while it runs',
    async () => {
      const sso = await runNode('scripts/sso-token.ts', ['farmer@example.com'], env);
      expect(sso.stderr).toBe('');
      expect(sso.stdout).toContain(`${first?.baseUrl ?? ''}/auth?token=`);

      const seed = await runNode('scripts/seed.ts', [], env);
      expect(seed.code).toBe(1);
      expect(seed.stderr).toContain(`is in use by the server (PID ${String(first?.child.pid)})`);
    },
    SLOW,
  );

  it(
    'after a SIGKILL the next server takes over the stale lock and says so; a clean stop leaves none',
    async () => {
      const killedPid = String(first?.child.pid);
      await first?.kill();
      expect(existsSync(lockFilePath(dataDir))).toBe(true);
      first = await startServer({ ...env, DATABASE_URL: '' }, SLOW, undefined, {
        captureOutput: true,
        fromSource: true,
      });
      expect(first.output()).toContain(`took over the stale lock of the server (PID ${killedPid})`);
      await first.stop();
      expect(existsSync(lockFilePath(dataDir))).toBe(false);
    },
    SLOW,
  );

  it('sso-token fails clearly when the lock holder does not answer', async () => {
    const silent = await holder(dataDir, 'server').report;
    const sso = await runNode('scripts/sso-token.ts', ['farmer@example.com'], env);
    expect(sso.code).toBe(1);
    expect(sso.stderr).toContain(`the server (PID ${String(silent.pid)}) holds ${dataDir} but`);
  });
});
