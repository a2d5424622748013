import { createHash } from 'node:crypto';
import pg from 'pg';
import { withCallerStack } from './caller-stack.ts';
import {
  channelName,
  type Db,
  type NoticeHandlers,
  type Queryable,
  type QueryOptions,
} from './types.ts';

/**
 * Parameterised queries run as named prepared statements, so each connection parses and plans a
 * statement once rather than on every request (planning is a large share of our short queries).
 * The server's SQL texts are a fixed set, so the statements per connection stay bounded.
 */
const statementName = (sql: string) => `fdp_${createHash('sha1').update(sql).digest('hex')}`;

/** How long a dropped LISTEN connection waits before connecting again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one is handed to other work between queries). When
 * it drops, the listener is told notices may have been missed, and it connects again until it can.
 */
async function listenOn(connectionString: string, channel: string, handlers: NoticeHandlers) {
  const name = channelName(channel);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === name) handlers.notice(message.payload ?? '');
    });
    // An error on an idle connection ends it; 'end' below is where that is handled.
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      handlers.lost();
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${name}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!closed) handlers.restored();
        },
        () => {
          if (!closed) schedule();
        },
      );
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** A pooled PostgreSQL connection; many stateless API servers can share one database. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PGPOOL_MAX ?? 10) });
  // An idle connection the database ends (a restart, an administrator, a dropped database) is
  // removed by the pool, which opens another when next needed; unheard, its error would end the
  // process. A query on a connection that fails is answered with its own error.
  pool.on('error', () => undefined);

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      try {
        const result = await client.query<T & pg.QueryResultRow>(
          !params
            ? sql
            : options?.plan === 'per-call'
              ? { text: sql, values: [...params] }
              : { name: statementName(sql), text: sql, values: [...params] },
        );
        return { rows: result.rows };
      } catch (error) {
        throw withCallerStack(error);
      }
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
    listen(channel, handlers) {
      return listenOn(connectionString, channel, handlers);
    },
  };
}
