import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteInstance } from '../../server/db/pglite.ts';
import { PgliteStatements } from '../../server/db/pglite-statements.ts';

/**
 * The embedded database runs each distinct statement as a named prepared statement: what a query
 * answers must be exactly what PGlite's own query() answers, and the statements it keeps must
 * stay within bounds and survive a change to the tables they read.
 */
describe('prepared statements on the embedded database', () => {
  let pg: PGlite;
  let statements: PgliteStatements;
  const prepared = async () =>
    (
      await pg.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where name like 'fdp_%'`,
      )
    ).rows[0]?.n;

  beforeAll(async () => {
    pg = await openPgliteInstance(undefined);
    statements = new PgliteStatements(pg, 3);
    await pg.exec(`create table probe (n int8 primary key, label text unique, data jsonb,
      tags text[], at timestamptz, day date, ok boolean, bytes bytea, price numeric(10,2))`);
  });
  afterAll(async () => {
    await pg.close();
  });

  it('writes and reads every kind of value as PGlite query() does', async () => {
    const values = [
      7,
      "it's",
      { a: [1, 'two'] },
      ['x', 'y,z'],
      new Date('2026-11-27T10:00:00Z'),
      '2026-11-27',
      true,
      Buffer.from('hi'),
      '12.30',
    ];
    await statements.query('insert into probe values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', values);
    const ours = await statements.query('select * from probe where n = $1', [7]);
    const theirs = (await pg.query('select * from probe where n = $1', [7])).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ label: "it's", data: { a: [1, 'two'] }, tags: ['x', 'y,z'] });
  });

  it('passes null and an empty result through', async () => {
    await statements.query('insert into probe (n, label) values ($1, $2)', [8, null]);
    expect(await statements.query('select label from probe where n = $1', [8])).toEqual([
      { label: null },
    ]);
    expect(await statements.query('select * from probe where n = $1', [-1])).toEqual([]);
  });

  it("keeps PostgreSQL's error fields, and the next statement runs", async () => {
    const failure = statements.query('insert into probe (n, label) values ($1, $2)', [9, "it's"]);
    await expect(failure).rejects.toMatchObject({
      code: '23505',
      constraint: 'probe_label_key',
    });
    await expect(statements.query('select $1::int + 1 as n', [1])).resolves.toEqual([{ n: 2 }]);
  });

  it('keeps at most its limit of statements prepared, the most recently used', async () => {
    for (const k of [1, 2, 3, 4, 5]) await statements.query(`select ${String(k)} as k`);
    expect(await prepared()).toBe(3);
    await expect(statements.query('select 5 as k')).resolves.toEqual([{ k: 5 }]);
  });

  it('prepares a statement again when the table it reads changes shape', async () => {
    await statements.query('select * from probe where n = $1', [7]);
    await pg.exec('alter table probe add column extra text');
    const [row] = await statements.query<Record<string, unknown>>(
      'select * from probe where n = $1',
      [7],
    );
    expect(row).toHaveProperty('extra', null);
  });

  it('runs inside a transaction, which rolls back', async () => {
    await expect(
      pg.transaction(async () => {
        await statements.queryInTransaction('insert into probe (n) values ($1)', [10]);
        const seen = await statements.queryInTransaction('select n from probe where n = $1', [10]);
        expect(seen).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await statements.query('select n from probe where n = $1', [10])).toEqual([]);
  });
});
