/** The one interface the server talks to, whether PGlite or PostgreSQL is behind it. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
}

export interface QueryOptions {
  /**
   * 'shared' (the default): a statement with parameters is prepared once per connection, and
   * after a few calls PostgreSQL may plan it once for any values. 'per-call': planned for the
   * values of each call, for a statement whose best plan depends on them (a search term that
   * matches three units or thirty thousand).
   */
  plan?: 'shared' | 'per-call';
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>;
  /** Commits when fn resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Hears NOTIFY on a channel from every connection to the database (so from every server
   * sharing it). `lost` is called when notices may have been missed (the listening connection
   * dropped); `restored` once listening again. Embedded PGlite delivers a notice before the
   * statement that sent it resolves, and never loses one.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<{ close(): Promise<void> }>;
  /**
   * Embedded PGlite only: the whole database as a gzip tarball of its data directory, taken
   * between transactions (see server/db/backup.ts). PostgreSQL is backed up with pg_dump.
   */
  dumpDataDir?(): Promise<Buffer>;
}

export interface NoticeHandlers {
  notice(payload: string): void;
  lost(): void;
  restored(): void;
}

/** LISTEN takes an identifier, not a parameter: only plain names are accepted. */
export function channelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}
