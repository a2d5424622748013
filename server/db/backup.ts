/**
 * Backup and restore of the embedded PGlite database. A backup is the gzip tarball PGlite makes
 * of its data directory (Db.dumpDataDir), taken between transactions; restoring one means
 * PostgreSQL's crash recovery on a copy of a consistent directory, which is what PGlite does when
 * it opens it. PostgreSQL deployments use pg_dump and pg_restore instead (pgCommands).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';
import { PGLITE_EXTENSIONS } from './pglite.ts';

/** Where the embedded database lives inside DATA_DIR (server/db/index.ts opens the same). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

const GZIP_MAGIC = [0x1f, 0x8b];

export async function pathExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Flushes a directory's entries (a rename into it), so the change survives a power cut. */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes the file whole or not at all: a temporary beside it, flushed, then renamed over it. */
export async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(4).toString('hex')}.partial`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  syncDirectory(path.dirname(target));
}

export async function readBackup(file: string): Promise<Buffer> {
  const bytes = await readFile(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new Error(`${file} is not a backup made by npm run backup (not a gzip tarball).`);
  }
  return bytes;
}

export interface RestoreResult {
  /** The database directory that was replaced, kept beside it; undefined when there was none. */
  previous: string | undefined;
  migrations: number;
}

/** "2026-11-23T20-31-05Z": a time for a directory name, sortable and free of colons. */
const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * Replaces DATA_DIR's database with the backup. The caller holds DATA_DIR's lock. The backup is
 * unpacked into a sibling directory and opened there first (PGlite runs recovery and a clean
 * shutdown), so a bad file never touches the current database; only then are the directories
 * swapped by rename, the old one kept as pglite.before-restore-<time> for the operator to delete.
 */
export async function restorePglite(dataDir: string, backup: Buffer): Promise<RestoreResult> {
  const live = pgliteDir(dataDir);
  const staging = `${live}.restoring-${String(process.pid)}`;
  await rm(staging, { recursive: true, force: true });
  let migrations: number;
  try {
    // With fsync on, the recovery PostgreSQL runs on opening the copy flushes every file of it.
    const pg = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      dataDir: staging,
      fs: new DurableNodeFS(staging),
      startParams: durableStartParams(),
      loadDataDir: new Blob([backup]),
    });
    try {
      const { rows } = await pg.query<{ n: number }>(
        'select count(*)::int as n from schema_migrations',
      );
      migrations = rows[0]?.n ?? 0;
    } finally {
      await pg.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(
      `The backup could not be opened as a database, so nothing was changed: ${String(error)}`,
      { cause: error },
    );
  }
  let previous: string | undefined;
  if (await pathExists(live)) {
    previous = `${live}.before-restore-${stamp()}`;
    await rename(live, previous);
  }
  await rename(staging, live);
  syncDirectory(dataDir);
  return { previous, migrations };
}

/** The commands that do for PostgreSQL what backup and restore do for PGlite. */
export function pgCommands(file: string): { backup: string; restore: string } {
  const quoted = `'${file.replaceAll("'", "'\\''")}'`;
  return {
    backup: `pg_dump --format=custom --file=${quoted} "$DATABASE_URL"`,
    restore: `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${quoted}`,
  };
}
