import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../shared/api.ts';
import { restoreLastActiveAccount, useAccount } from '../../src/core/account/account-store.ts';
import { LAST_ACTIVE_KEY } from '../../src/core/account/last-active.ts';
import {
  apiRead,
  forgetStartedReads,
  NotReadOnThisDevice,
} from '../../src/core/api/started-reads.ts';
import { reachedServer } from '../../src/core/connectivity/connectivity-store.ts';
import { useDeviceCopies } from '../../src/core/read-cache/device-copies.ts';
import { keepSignedInReads } from '../../src/core/read-cache/keep-reads.ts';
import {
  clearReads,
  keepRead,
  MAX_KEPT_READS,
  recallRead,
} from '../../src/core/read-cache/read-cache.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';

/** Reads kept on this device for their user, and answering when the server cannot be reached. */

const farmer = (id: number): ApiUser => ({
  id,
  type: 'farm_employee',
  first_name: 'Tom',
  last_name: 'Hughes',
  username: `farmer${id}@example.com`,
  business: { id: 8, name: 'Highfield', type: 'farm', sub_type: 1 },
  provider: null,
  accessTo: {},
});

const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ status: true, data }), { status: 200 }));
const online = (data: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => ok(data)),
  );
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

/** Keeping a read is done on the side; this waits until IndexedDB holds it. */
async function kept(owner: number, key: string) {
  await vi.waitFor(async () => expect(await recallRead(owner, key)).toBeDefined());
}

const signIn = (id: number) => useSession.setState({ user: farmer(id), token: null });

keepSignedInReads();
beforeEach(async () => {
  await clearReads();
  forgetStartedReads();
  useDeviceCopies.setState({ copies: {} });
  signIn(5);
});
afterEach(() => {
  // No farm to read again when the next test's reachedServer() brings the portal back online.
  useAccount.getState().reset();
  reachedServer();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
});

describe('a read', () => {
  it('is kept for its user and answers from this device, with its time, when the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T14:02:00'));
    online({ records: [1, 2] });
    await expect(apiRead('/records/monthly', { unit: 80 })).resolves.toEqual({ records: [1, 2] });
    await kept(5, '/records/monthly?unit=80');

    vi.setSystemTime(new Date('2026-11-27T16:30:00'));
    offline();
    await expect(apiRead('/records/monthly', { unit: 80 })).resolves.toEqual({ records: [1, 2] });
    expect(Object.values(useDeviceCopies.getState().copies)).toEqual([
      { at: new Date('2026-11-27T14:02:00').getTime(), page: location.pathname },
    ]);

    // Answered by the server again, the page no longer shows an old copy.
    online({ records: [1, 2, 3] });
    await expect(apiRead('/records/monthly', { unit: 80 })).resolves.toEqual({
      records: [1, 2, 3],
    });
    expect(useDeviceCopies.getState().copies).toEqual({});
  });

  it('never read on this device says so when the server cannot be reached', async () => {
    offline();
    await expect(apiRead('/reports/yields')).rejects.toBeInstanceOf(NotReadOnThisDevice);
  });

  it('is not answered from the copy when the server answered with a refusal of its own', async () => {
    online({ a: 1 });
    await apiRead('/thing');
    await kept(5, '/thing');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(
          new Response(JSON.stringify({ status: false, type: 'x', msg: 'Forbidden' }), {
            status: 403,
          }),
        ),
      ),
    );
    await expect(apiRead('/thing')).rejects.toMatchObject({ status: 403 });
  });

  it('of one user is never shown to another', async () => {
    online({ mine: true });
    await apiRead('/farm');
    await kept(5, '/farm');
    signIn(6);
    offline();
    await expect(apiRead('/farm')).rejects.toBeInstanceOf(NotReadOnThisDevice);
  });

  it('is forgotten at logout, every user’s copy with it', async () => {
    await keepRead(9, '/left-behind', { old: true });
    online({ mine: true });
    await apiRead('/farm');
    await kept(5, '/farm');
    useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
    await vi.waitFor(async () => expect(await recallRead(5, '/farm')).toBeUndefined());
    expect(await recallRead(9, '/left-behind')).toBeUndefined();
    expect(localStorage.getItem('fdp.lastSync')).toBeNull();
  });

  it('answered after its user logged out is kept for nobody', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const read = apiRead('/farm');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
    answer(new Response(JSON.stringify({ status: true, data: { late: true } })));
    await read;
    signIn(5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await recallRead(5, '/farm')).toBeUndefined();
  });
});

describe('the kept reads', () => {
  it('keep only the newest when there are too many', async () => {
    for (let n = 0; n <= MAX_KEPT_READS; n += 1) await keepRead(5, `/page/${n}`, n, 1000 + n);
    expect(await recallRead(5, '/page/0')).toBeUndefined();
    expect(await recallRead(5, `/page/${MAX_KEPT_READS}`)).toEqual({
      data: MAX_KEPT_READS,
      at: 1000 + MAX_KEPT_READS,
    });
  });
});

describe('the account’s restore at start', () => {
  const farm = {
    id: 8,
    name: 'Highfield',
    units: [
      {
        id: 80,
        name: 'Highfield Dairy',
        unit_type_id: 1,
        supports: { mifarm: false, bcms_cts: false },
        packages: [
          {
            id: 3,
            name: 'Plan 3',
            reference: 'plan_3',
            visible_name: 'Scheme 3',
            provider_id: 30,
            provider_reference: 'moorland_vale',
            provider_name: 'Moorland Vale',
            features: ['records'],
          },
        ],
      },
    ],
  };

  beforeEach(() => {
    // The failed restore is logged, as the spec asks; not this test's output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAccount.getState().reset();
    localStorage.setItem(LAST_ACTIVE_KEY, JSON.stringify({ farmId: 8, unitId: 80, planId: 3 }));
  });

  it('works offline from the farm kept on this device', async () => {
    online(farm);
    await useAccount.getState().loadFarm(8);
    await kept(5, '/accounts/farms/?api_action=get_farm_unit_and_package_details&id=8');
    useAccount.setState({ farm: null, unit: null, plan: null });

    offline();
    await restoreLastActiveAccount();
    expect(useAccount.getState()).toMatchObject({
      farm: { id: 8 },
      unit: { id: 80 },
      plan: { id: 3 },
      unknownOffline: false,
    });
  });

  it('shown from this device is read again once back online, keeping its unit and plan', async () => {
    online(farm);
    await useAccount.getState().loadFarm(8);
    await kept(5, '/accounts/farms/?api_action=get_farm_unit_and_package_details&id=8');
    offline();
    await restoreLastActiveAccount();
    expect(useDeviceCopies.getState().copies).not.toEqual({});

    online({ ...farm, name: 'Highfield Farm' });
    reachedServer();
    await vi.waitFor(() =>
      expect(useAccount.getState()).toMatchObject({
        farm: { name: 'Highfield Farm' },
        unit: { id: 80 },
        plan: { id: 3 },
      }),
    );
    expect(useDeviceCopies.getState().copies).toEqual({});
  });

  it('with no farm on this device marks the account unknown, and restores it once back online', async () => {
    offline();
    await restoreLastActiveAccount();
    expect(useAccount.getState()).toMatchObject({ farm: null, unknownOffline: true });

    online(farm);
    reachedServer();
    await vi.waitFor(() =>
      expect(useAccount.getState()).toMatchObject({ plan: { id: 3 }, unknownOffline: false }),
    );
  });
});
