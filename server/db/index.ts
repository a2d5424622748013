import path from 'node:path';
import type { Db } from './types.ts';

export type { Db, Queryable } from './types.ts';

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Directory holding the PGlite files; undefined keeps PGlite in memory. */
  dataDir: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  if (options.dataDir === undefined) {
    const { openPglite } = await import('./pglite.ts');
    return openPglite(undefined);
  }
  const dir = path.join(options.dataDir, 'pglite');
  // On a thread of its own (pglite-thread.ts); PGLITE_THREAD=off keeps it on the caller's, to
  // compare the two (npm run bench:api).
  if (process.env.PGLITE_THREAD === 'off') {
    const { openPglite } = await import('./pglite.ts');
    return openPglite(dir);
  }
  const { openPgliteThread } = await import('./pglite-thread.ts');
  return openPgliteThread(dir);
}
