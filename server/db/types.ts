/** The one interface the server talks to, whether PGlite or PostgreSQL is behind it. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>;
  /** Commits when fn resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Embedded PGlite only: the whole database as a gzip tarball of its data directory, taken
   * between transactions (see server/db/backup.ts). PostgreSQL is backed up with pg_dump.
   */
  dumpDataDir?(): Promise<Buffer>;
}
