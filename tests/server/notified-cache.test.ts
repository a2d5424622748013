import { describe, expect, it } from 'vitest';
import { NotifiedCache } from '../../server/db/notified-cache.ts';
import type { Db, NoticeHandlers } from '../../server/db/types.ts';

/** A database that only listens: each channel's handlers, for the test to send notices to. */
function listeningDb() {
  const channels = new Map<string, NoticeHandlers>();
  const db = {
    listen: (channel: string, handlers: NoticeHandlers) => {
      channels.set(channel, handlers);
      return Promise.resolve({ close: () => Promise.resolve() });
    },
  };
  const on = (channel: string) => {
    const handlers = channels.get(channel);
    if (!handlers) throw new Error(`Nothing listens on ${channel}.`);
    return handlers;
  };
  // The cache calls listen() only; the rest of Db is never reached.
  return { db: db as unknown as Db, on };
}

function counted(value: string) {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return Promise.resolve(`${value} ${String(reads)}`);
    },
    reads: () => reads,
  };
}

async function cacheOf(db: Db, clock?: () => number) {
  const cache = new NotifiedCache<string>(
    db,
    [
      { channel: 'access_changed' },
      { channel: 'records_changed', tagOf: (p) => (p === '' ? undefined : `unit:${p}`) },
    ],
    { lifetimeMs: 1_000, maxEntries: 3 },
    clock,
  );
  await cache.start();
  return cache;
}

describe('NotifiedCache', () => {
  it('answers from memory until a notice names what it was read from', async () => {
    const { db, on } = listeningDb();
    const cache = await cacheOf(db);
    const seven = counted('unit 7');
    const eight = counted('unit 8');
    expect(await cache.get('7', seven.read, ['unit:7'])).toBe('unit 7 1');
    expect(await cache.get('7', seven.read, ['unit:7'])).toBe('unit 7 1');
    await cache.get('8', eight.read, ['unit:8']);

    on('records_changed').notice('7');
    expect(await cache.get('7', seven.read, ['unit:7'])).toBe('unit 7 2');
    expect(await cache.get('8', eight.read, ['unit:8'])).toBe('unit 8 1');

    // An empty payload, or a notice on a channel without tags, forgets everything.
    on('records_changed').notice('');
    expect(await cache.get('8', eight.read, ['unit:8'])).toBe('unit 8 2');
    on('access_changed').notice('');
    expect(await cache.get('7', seven.read, ['unit:7'])).toBe('unit 7 3');
    expect(await cache.get('8', eight.read, ['unit:8'])).toBe('unit 8 3');
  });

  it('does not keep a read that a notice overtook, nor any while a channel is not heard', async () => {
    const { db, on } = listeningDb();
    const cache = await cacheOf(db);
    let release: () => void = () => undefined;
    const slow = cache.get(
      '7',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('before the change');
        }),
      ['unit:7'],
    );
    cache.forgetTag('unit:9'); // any change while it was reading: it may have read the old data
    release();
    expect(await slow).toBe('before the change');
    const after = counted('after');
    expect(await cache.get('7', after.read, ['unit:7'])).toBe('after 1');

    on('access_changed').lost();
    expect(await cache.get('7', after.read, ['unit:7'])).toBe('after 2');
    expect(await cache.get('7', after.read, ['unit:7'])).toBe('after 3');
    on('access_changed').restored();
    expect(await cache.get('7', after.read, ['unit:7'])).toBe('after 4');
    expect(await cache.get('7', after.read, ['unit:7'])).toBe('after 4');
  });

  it('holds an answer for its lifetime at most, and the newest entries only', async () => {
    const { db } = listeningDb();
    let now = 0;
    const cache = await cacheOf(db, () => now);
    const one = counted('one');
    await cache.get('1', one.read, ['unit:1']);
    now = 999;
    expect(await cache.get('1', one.read, ['unit:1'])).toBe('one 1');
    now = 1_000;
    expect(await cache.get('1', one.read, ['unit:1'])).toBe('one 2');

    for (const key of ['2', '3', '4']) await cache.get(key, counted(key).read, [`unit:${key}`]);
    expect(await cache.get('1', one.read, ['unit:1'])).toBe('one 3');
    // The tag of an entry pushed out is let go with it: forgetting it touches nothing else.
    cache.forgetTag('unit:2');
    const four = counted('four');
    expect(await cache.get('4', four.read, ['unit:4'])).toBe('4 1');
    expect(four.reads()).toBe(0);
  });
});
