import pg from 'pg';
import type { Db, Queryable } from './types.ts';

/** A pooled PostgreSQL connection; many stateless API servers can share one database. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PGPOOL_MAX ?? 10) });

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params?: readonly unknown[]) {
      const result = await client.query<T & pg.QueryResultRow>(
        sql,
        params ? [...params] : undefined,
      );
      return { rows: result.rows };
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
