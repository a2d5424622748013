import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { withCallerStack } from './caller-stack.ts';
import type { Db, Queryable } from './types.ts';

/** Embedded PostgreSQL (WASM). dataDir undefined keeps the database in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);

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
  };
}
