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
  const { openPglite } = await import('./pglite.ts');
  return openPglite(
    options.dataDir === undefined ? undefined : path.join(options.dataDir, 'pglite'),
  );
}
