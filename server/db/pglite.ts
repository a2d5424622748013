import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { withCallerStack } from './caller-stack.ts';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';
import type { Db, Queryable } from './types.ts';

/**
 * Embedded PostgreSQL (WASM). dataDir undefined keeps the database in memory (tests); an
 * in-memory database may start from a data directory tarball (`from`, as dumpDataDir() or
 * PGlite's dumpDataDir makes one), which the tests use to skip initdb, migrations and the seed.
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  // On disk, commits are made durable as PostgreSQL makes them (see durable-nodefs.ts).
  const pg =
    dataDir === undefined
      ? await PGlite.create(from === undefined ? {} : { loadDataDir: from })
      : await PGlite.create({
          dataDir,
          fs: new DurableNodeFS(dataDir),
          startParams: durableStartParams(),
        });

  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T extends object>(sql: string, params?: readonly unknown[]) {
      try {
        const result = await q.query<T>(sql, params ? [...params] : undefined);
        return { rows: result.rows };
      } catch (error) {
        throw withCallerStack(error);
      }
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      await pg.close();
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
