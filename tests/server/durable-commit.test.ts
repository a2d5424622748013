import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsyncCounter } from '../../server/db/durable-nodefs.ts';
import { openPglite } from '../../server/db/pglite.ts';

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-fsync-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs with fsync on and flushes the WAL to disk at every commit, before answering, but for unlogged tables', async () => {
    // On this thread, where the fsyncs can be counted; the server runs the same on its own.
    const db = await openPglite(dataDir);
    try {
      const setting = async (name: string) =>
        (await db.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
      expect(await setting('fsync')).toBe('on');
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');

      await db.exec('create table durable_probe (n int)');
      for (let n = 1; n <= 3; n++) {
        const before = fsyncCounter.count;
        await db.query('insert into durable_probe (n) values ($1)', [n]);
        expect(fsyncCounter.count).toBeGreaterThan(before);
      }
      // A read commits nothing, so it waits for no disk.
      const before = fsyncCounter.count;
      await db.query('select count(*) from durable_probe');
      expect(fsyncCounter.count).toBe(before);

      // Nor does a write to an unlogged table only, as a signed request's nonce is.
      await db.exec('create unlogged table nonce_probe (n int primary key)');
      const beforeNonces = fsyncCounter.count;
      for (let n = 1; n <= 3; n++) await db.query('insert into nonce_probe values ($1)', [n]);
      expect(fsyncCounter.count).toBe(beforeNonces);
    } finally {
      await db.close();
    }
  });
});
