import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { withCallerStack } from './caller-stack.ts';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';
import { PgliteStatements } from './pglite-statements.ts';
import { channelName, type Db, type Queryable, type QueryOptions } from './types.ts';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks, and were most of the server's resident memory. The database's files are read through
 * the operating system's page cache as well (NODEFS), which keeps the rest of a table warm, so a
 * quarter of that holds the hot pages (indexes, the current units) at about 100 MB less memory.
 */
const SHARED_BUFFERS = '32MB';

/**
 * The extensions every PGlite of ours loads: migration 0019 creates pg_trgm's indexes, and a
 * PGlite without the extension's code cannot open a database that has them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Embedded PostgreSQL (WASM). dataDir undefined keeps the database in memory (tests); an
 * in-memory database may start from a data directory tarball (`from`, as dumpDataDir() or
 * PGlite's dumpDataDir makes one), which the tests use to skip initdb, migrations and the seed.
 */
export async function openPgliteInstance(
  dataDir: string | undefined,
  from?: Blob,
): Promise<PGlite> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  // On disk, commits are made durable as PostgreSQL makes them (see durable-nodefs.ts).
  return dataDir === undefined
    ? PGlite.create({
        extensions: PGLITE_EXTENSIONS,
        ...(from === undefined ? {} : { loadDataDir: from }),
      })
    : PGlite.create({
        extensions: PGLITE_EXTENSIONS,
        dataDir,
        fs: new DurableNodeFS(dataDir),
        startParams: [...durableStartParams(), '-c', `shared_buffers=${SHARED_BUFFERS}`],
      });
}

/** PGlite on the calling thread (the tests' in-memory databases; pglite-thread.ts runs it on its own). */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  const pg = await openPgliteInstance(dataDir, from);

  const statements = new PgliteStatements(pg);
  const wrap = (tx: Transaction | undefined): Queryable => ({
    async query<T extends object>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      try {
        if (options?.plan === 'per-call') {
          return { rows: (await (tx ?? pg).query<T>(sql, params && [...params])).rows };
        }
        const rows = tx
          ? await statements.queryInTransaction<T>(sql, params)
          : await statements.query<T>(sql, params);
        return { rows };
      } catch (error) {
        throw withCallerStack(error);
      }
    },
  });

  return {
    kind: 'pglite',
    ...wrap(undefined),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      await pg.close();
    },
    async listen(channel, handlers) {
      const unsubscribe = await pg.listen(channelName(channel), (payload) => {
        handlers.notice(payload);
      });
      return { close: unsubscribe };
    },
    async dumpDataDir() {
      // A checkpoint first leaves little WAL to replay when the copy is opened. query() and
      // transaction() hold PGlite's transaction mutex throughout, so taking it here means the
      // copy is made between transactions, never in the middle of one.
      await pg.exec('checkpoint');
      const tarball = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
      return Buffer.from(await tarball.arrayBuffer());
    },
  };
}
