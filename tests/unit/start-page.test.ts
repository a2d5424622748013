import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFarm } from '../../shared/api.ts';
import { startPage } from '../../src/app/start-page.ts';
import { restoreLastActiveAccount, useAccount } from '../../src/core/account/account-store.ts';
import { LAST_ACTIVE_KEY } from '../../src/core/account/last-active.ts';
import { forgetStartedReads, STARTED_READ_TTL_MS } from '../../src/core/api/started-reads.ts';
import { apiFetcher } from '../../src/core/api/use-api.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { unitDashboardRead, unitSummaryRead } from '../../src/screens/dashboard/dashboard-reads.ts';
import '../../src/screens/index.ts';

/** A reload of a signed-in page begins the remembered farm's read and its screen's reads at once. */

const farm: ApiFarm = {
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
          features: [],
        },
      ],
    },
  ],
};

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Answers the farm's read with the farm and any other read with its own path. */
function serve() {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation((input) => {
    const url = urlOf(input);
    const data = url.startsWith('/api/accounts/farms/') ? farm : { read: url };
    return Promise.resolve(new Response(JSON.stringify({ status: true, data })));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const urls = (mock: ReturnType<typeof serve>) =>
  mock.mock.calls.map(([input]) => urlOf(input).replace(/\?.*$/, ''));

describe('a reload of a signed-in page', () => {
  beforeEach(() => {
    useSession.setState({ user: { ...UNAUTHENTICATED_USER, id: 5, type: 'farm_employee' } });
    window.localStorage.setItem(
      LAST_ACTIVE_KEY,
      JSON.stringify({ farmId: 8, unitId: 80, planId: 3 }),
    );
  });
  afterEach(() => {
    forgetStartedReads();
    useAccount.getState().reset();
    useSession.setState({ user: UNAUTHENTICATED_USER });
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks for the remembered farm and the dashboard's reads together, each once", async () => {
    const fetchMock = serve();
    startPage('/dashboard');
    expect(urls(fetchMock)).toEqual([
      '/api/accounts/farms/',
      '/api/units/80/dashboard',
      '/api/accounts/units/80/summary/3',
    ]);
    await restoreLastActiveAccount();
    const { unit, plan } = useAccount.getState();
    expect([unit?.id, plan?.id]).toEqual([80, 3]);
    await expect(apiFetcher(unitDashboardRead(80, 3))).resolves.toEqual({
      read: '/api/units/80/dashboard?plan=3',
    });
    await expect(apiFetcher(unitSummaryRead(80, 3))).resolves.toEqual({
      read: '/api/accounts/units/80/summary/3',
    });
    // Nothing was asked twice; a second read of the same asks the server afresh.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await apiFetcher(unitSummaryRead(80, 3));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('asks only for the farm on a page whose screen names no reads, and nothing else is remembered', async () => {
    const fetchMock = serve();
    startPage('/my-account/change-password');
    expect(urls(fetchMock)).toEqual(['/api/accounts/farms/']);
    window.localStorage.removeItem(LAST_ACTIVE_KEY);
    forgetStartedReads();
    startPage('/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never hands a read over once it is stale, or once the user has gone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = serve();
    startPage('/dashboard');
    vi.setSystemTime(Date.now() + STARTED_READ_TTL_MS + 1);
    await apiFetcher(unitDashboardRead(80, 3));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    startPage('/dashboard');
    forgetStartedReads();
    await apiFetcher(unitSummaryRead(80, 3));
    expect(fetchMock).toHaveBeenCalledTimes(8);
  });
});
