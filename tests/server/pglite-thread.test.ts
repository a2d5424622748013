import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { openPgliteThread } from '../../server/db/pglite-thread.ts';
import type { Db } from '../../server/db/index.ts';

/**
 * The server opens its embedded database on a thread of its own; everything the server relies on
 * must answer there as it does on the server's thread.
 */
describe('the embedded database on its own thread', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-pglite-thread-'));
  let db: Db;
  beforeAll(async () => {
    db = await openPgliteThread(dataDir);
    await db.exec(
      'create table probe (n int primary key, label text, bytes bytea, at timestamptz)',
    );
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers rows with their types, for parameters of every kind the server sends', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    await db.query('insert into probe values ($1, $2, $3, $4)', [1, 'one', Buffer.from('hi'), at]);
    const { rows } = await db.query<{ n: number; label: string; bytes: Uint8Array; at: Date }>(
      'select * from probe where n = $1',
      [1],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.label).toBe('one');
    expect(Buffer.from(rows[0]?.bytes ?? []).toString()).toBe('hi');
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
  });

  it("gives PostgreSQL's error fields, so that a unique key is told apart", async () => {
    const error = await db.query('insert into probe (n) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
  });

  it('commits a transaction whose work succeeds and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into probe (n) values (2)');
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into probe (n) values (3)');
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('changed my mind');
    const { rows } = await db.query<{ n: number }>('select n from probe order by n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('keeps a statement outside a transaction waiting until the transaction ends', async () => {
    const order: string[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query('insert into probe (n) values (4)');
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('transaction');
      }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await db.query('select 1');
        order.push('outside');
      })(),
    ]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('delivers a notice before the statement that sent it resolves', async () => {
    const heard: string[] = [];
    const subscription = await db.listen('probe_channel', {
      notice: (payload) => heard.push(payload),
      lost: () => undefined,
      restored: () => undefined,
    });
    await db.query("select pg_notify('probe_channel', 'one')");
    expect(heard).toEqual(['one']);
    await subscription.close();
    await db.query("select pg_notify('probe_channel', 'two')");
    expect(heard).toEqual(['one']);
  });

  it('copies itself into a tarball that opens as the same database', async () => {
    const tarball = await db.dumpDataDir?.();
    expect(tarball).toBeDefined();
    const copy = await openPglite(undefined, new Blob([gunzipSync(tarball ?? Buffer.alloc(0))]));
    try {
      const { rows } = await copy.query<{ n: number }>('select n from probe order by n');
      expect(rows.map((r) => r.n)).toEqual([1, 2, 4]);
    } finally {
      await copy.close();
    }
  });
});
