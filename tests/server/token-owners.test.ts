import { describe, expect, it } from 'vitest';
import { TokenOwners } from '../../server/auth/token-owners.ts';
import type { Db } from '../../server/db/index.ts';
import type { NoticeHandlers } from '../../server/db/types.ts';

/**
 * The cache's own rules, against a database that counts its lookups and whose notices the test
 * sends by hand. That the real triggers announce real changes is request-auth.test.ts's part.
 */
function fakeDatabase() {
  const lookups: string[] = [];
  let handlers: NoticeHandlers | undefined;
  const row = (key: string, userId: number) => ({
    secret: 's',
    expires_at: 2_000_000_000,
    id: userId,
    type: 'farm_user',
    first_name: 'A',
    last_name: 'B',
    username: `${key}@example.com`,
    password_hash: '',
    access_to: {},
    business_id: 1,
    business_name: 'Farm',
    business_type: 'farm',
    business_sub_type: 0,
    provider_id: null,
    provider_reference: null,
  });
  const users: Record<string, number> = { k1: 1, k2: 1, k3: 2 };
  const db = {
    kind: 'pglite',
    query: async (_sql: string, params?: readonly unknown[]) => {
      const key = String(params?.[0]);
      lookups.push(key);
      const userId = users[key];
      return { rows: userId === undefined ? [] : [row(key, userId)] };
    },
    listen: async (_channel: string, given: NoticeHandlers) => {
      handlers = given;
      return { close: async () => undefined };
    },
  } as unknown as Db; // only query and listen are used by TokenOwners
  return {
    db,
    lookups,
    notify: (payload: string) => handlers?.notice(payload),
    lose: () => handlers?.lost(),
    restore: () => handlers?.restored(),
  };
}

async function started(fake: ReturnType<typeof fakeDatabase>, clock?: () => number) {
  const owners = new TokenOwners(fake.db, clock);
  await owners.start();
  return owners;
}

describe('the token owners held in memory', () => {
  it('ask the database once for a known token, and every time for an unknown one', async () => {
    const fake = fakeDatabase();
    const owners = await started(fake);
    expect((await owners.find('k1'))?.user.id).toBe(1);
    expect((await owners.find('k1'))?.user.id).toBe(1);
    expect(await owners.find('nope')).toBeNull();
    expect(await owners.find('nope')).toBeNull();
    expect(fake.lookups).toEqual(['k1', 'nope', 'nope']);
  });

  it("forget a token, a user's tokens, or everything, as the database announces", async () => {
    const fake = fakeDatabase();
    const owners = await started(fake);
    for (const key of ['k1', 'k2', 'k3']) await owners.find(key);
    fake.notify('token:k1');
    await owners.find('k1');
    await owners.find('k2');
    fake.notify('user:1');
    await owners.find('k2');
    await owners.find('k3');
    fake.notify('all');
    await owners.find('k3');
    expect(fake.lookups).toEqual(['k1', 'k2', 'k3', 'k1', 'k2', 'k3']);
  });

  it('treat a notice it does not understand as a change to everything', async () => {
    const fake = fakeDatabase();
    const owners = await started(fake);
    await owners.find('k1');
    fake.notify('something-new:42');
    await owners.find('k1');
    expect(fake.lookups).toEqual(['k1', 'k1']);
  });

  it('ask the database on every request while it cannot hear notices, and again once it can', async () => {
    const fake = fakeDatabase();
    const owners = await started(fake);
    await owners.find('k1');
    fake.lose();
    await owners.find('k1');
    await owners.find('k1');
    fake.restore();
    await owners.find('k1');
    await owners.find('k1');
    expect(fake.lookups).toEqual(['k1', 'k1', 'k1', 'k1']);
  });

  it('do not keep what a lookup read while a notice arrived', async () => {
    const fake = fakeDatabase();
    const owners = await started(fake);
    const reading = owners.find('k1');
    fake.notify('token:k1'); // the token was deleted while its row was on its way back
    expect((await reading)?.user.id).toBe(1);
    await owners.find('k1');
    expect(fake.lookups).toEqual(['k1', 'k1']);
  });

  it('ask again after a minute, whatever it heard', async () => {
    const fake = fakeDatabase();
    let now = 0;
    const owners = await started(fake, () => now);
    await owners.find('k1');
    now = 59_000;
    await owners.find('k1');
    now = 61_000;
    await owners.find('k1');
    expect(fake.lookups).toEqual(['k1', 'k1']);
  });
});
