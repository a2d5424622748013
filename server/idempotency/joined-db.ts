import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from '../db/index.ts';

/** The transaction of a keyed write in progress; `open` turns false once it has ended. */
interface KeyTransaction {
  tx: Queryable;
  open: boolean;
}

/**
 * A Db for route modules whose writes must commit together with their Idempotency-Key's answer
 * (records, survey responses, saved calculations). Outside a keyed write it is the database
 * itself. While `runJoined` runs a route's handler, every query the handler makes through it,
 * and every transaction it opens, joins the key's transaction instead, found through
 * AsyncLocalStorage: the route code is unchanged, and either all of it commits with the stored
 * answer or none of it does.
 *
 * A handler run this way must make all its queries through this Db: on embedded PGlite the key's
 * transaction holds the database, so a query through the plain Db would wait for it for ever.
 */
export class JoinableDb implements Db {
  private readonly current = new AsyncLocalStorage<KeyTransaction>();

  constructor(private readonly db: Db) {}

  get kind(): Db['kind'] {
    return this.db.kind;
  }

  /** Runs `fn` with this Db joined to `tx`, until `fn` settles. */
  async runJoined<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
    const joined: KeyTransaction = { tx, open: true };
    try {
      return await this.current.run(joined, fn);
    } finally {
      // Work the handler left behind (a timer, an unawaited promise) falls back to the Db.
      joined.open = false;
    }
  }

  private joined(): Queryable | undefined {
    const joined = this.current.getStore();
    return joined?.open === true ? joined.tx : undefined;
  }

  query: Db['query'] = (sql, params, options) =>
    (this.joined() ?? this.db).query(sql, params, options);

  async exec(sql: string): Promise<void> {
    const tx = this.joined();
    if (tx) await tx.query(sql);
    else await this.db.exec(sql);
  }

  /** Inside the key's transaction a nested one is part of it: it commits or rolls back with it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.joined();
    return tx ? fn(tx) : this.db.transaction(fn);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  listen: Db['listen'] = (channel, handlers) => this.db.listen(channel, handlers);
}
