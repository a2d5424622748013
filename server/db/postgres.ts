import { createHash } from 'node:crypto';
import pg from 'pg';
import { withCallerStack } from './caller-stack.ts';
import type { Db, Queryable } from './types.ts';

/**
 * Parameterised queries run as named prepared statements, so each connection parses and plans a
 * statement once rather than on every request (planning is a large share of our short queries).
 * The server's SQL texts are a fixed set, so the statements per connection stay bounded.
 */
const statementName = (sql: string) => `fdp_${createHash('sha1').update(sql).digest('hex')}`;

/** A pooled PostgreSQL connection; many stateless API servers can share one database. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PGPOOL_MAX ?? 10) });

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params?: readonly unknown[]) {
      try {
        const result = await client.query<T & pg.QueryResultRow>(
          params ? { name: statementName(sql), text: sql, values: [...params] } : sql,
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
  };
}
