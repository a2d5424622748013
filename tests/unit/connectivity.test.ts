import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../src/core/api/client.ts';
import { ApiError, NetworkError } from '../../src/core/api/errors.ts';
import {
  forgetLastSync,
  PROBE_INTERVAL_MS,
  reachedServer,
  useConnectivity,
  watchBrowserConnectivity,
} from '../../src/core/connectivity/connectivity-store.ts';

/** The portal's connectivity as the API client and the browser's events tell it. */

const answer = (status: number, body: unknown = { status: true, data: 1 }) =>
  vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));
const unreachable = () => vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-27T14:02:00'));
  reachedServer();
  forgetLastSync();
  useConnectivity.setState({ reconnected: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client', () => {
  it('records the time of each answer from the server as the last sync, and keeps it for a reload', async () => {
    vi.stubGlobal('fetch', answer(200));
    await apiGet('/thing');
    const at = new Date('2026-11-27T14:02:00').getTime();
    expect(useConnectivity.getState()).toMatchObject({ offline: null, lastSyncAt: at });
    expect(localStorage.getItem('fdp.lastSync')).toBe(String(at));
  });

  it('is offline when a request gets no answer, keeping the last sync', async () => {
    vi.stubGlobal('fetch', answer(200));
    await apiGet('/thing');
    const synced = useConnectivity.getState().lastSyncAt;
    vi.stubGlobal('fetch', unreachable());
    await expect(apiGet('/thing')).rejects.toBeInstanceOf(NetworkError);
    expect(useConnectivity.getState()).toMatchObject({ offline: 'server', lastSyncAt: synced });
  });

  it.each([502, 503, 504])(
    'is offline when a gateway answers %i in the server’s place',
    async (status) => {
      vi.stubGlobal('fetch', answer(status, null));
      await expect(apiGet('/thing')).rejects.toBeInstanceOf(ApiError);
      expect(useConnectivity.getState().offline).toBe('server');
    },
  );

  it('is online after a refusal of the server’s own: it was reached', async () => {
    vi.stubGlobal('fetch', unreachable());
    await expect(apiGet('/thing')).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', answer(404, { status: false, type: 'x', msg: 'Not found' }));
    await expect(apiGet('/thing')).rejects.toBeInstanceOf(ApiError);
    expect(useConnectivity.getState()).toMatchObject({ offline: null, reconnected: true });
  });
});

describe('while offline', () => {
  it('asks the health check every 15 s and is back online when it answers, with no new sync time', async () => {
    vi.stubGlobal('fetch', unreachable());
    await expect(apiGet('/thing')).rejects.toBeInstanceOf(NetworkError);
    const health = answer(200);
    vi.stubGlobal('fetch', health);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(health.mock.calls[0]?.[0]).toBe('/api/health');
    expect(useConnectivity.getState()).toMatchObject({ offline: null, lastSyncAt: null });
    // Online, it stops asking.
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(health).toHaveBeenCalledTimes(1);
  });
});

describe('the browser', () => {
  it('going offline makes the portal offline at once; coming back online waits for the server', async () => {
    const target = new EventTarget() as Window;
    watchBrowserConnectivity(target);
    target.dispatchEvent(new Event('offline'));
    expect(useConnectivity.getState().offline).toBe('browser');

    vi.stubGlobal('fetch', unreachable());
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useConnectivity.getState().offline).toBe('server');

    vi.stubGlobal('fetch', answer(200));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(useConnectivity.getState().offline).toBeNull();
  });
});
