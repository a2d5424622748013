import { create } from 'zustand';
import { API_BASE } from '../api/anti-forgery.ts';

/** Why the portal is offline: the browser has no network, or the server did not answer. */
export type OfflineCause = 'browser' | 'server';

interface ConnectivityState {
  /** Null while online. */
  offline: OfflineCause | null;
  /** When the server last answered (ms since the epoch), on this device; null when never. */
  lastSyncAt: number | null;
  /** Back online after being offline in this tab: what the banner tells screen readers. */
  reconnected: boolean;
}

/** The last sync survives a reload (offline, it is all the banner can say). */
const LAST_SYNC_KEY = 'fdp.lastSync';

/** How often the server is asked whether it is back while the portal is offline. */
export const PROBE_INTERVAL_MS = 15_000;

function storedLastSync(): number | null {
  try {
    const at = Number(localStorage.getItem(LAST_SYNC_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

export const useConnectivity = create<ConnectivityState>()(() => ({
  offline: typeof navigator !== 'undefined' && !navigator.onLine ? 'browser' : null,
  lastSyncAt: typeof localStorage === 'undefined' ? null : storedLastSync(),
  reconnected: false,
}));

export const selectIsOffline = (s: ConnectivityState): boolean => s.offline !== null;

/** Calls `listener` each time the portal is back online (the server answered again). */
export function whenBackOnline(listener: () => void): () => void {
  return useConnectivity.subscribe((state, previous) => {
    if (previous.offline !== null && state.offline === null) listener();
  });
}

/**
 * The server answered a request of the portal's (any answer of its own, a refusal included):
 * online, and synced at that moment.
 */
export function reachedServer(at = Date.now()): void {
  try {
    localStorage.setItem(LAST_SYNC_KEY, String(at));
  } catch {
    // Private mode or a full disk: the time is still known until the next reload.
  }
  useConnectivity.setState({ lastSyncAt: at });
  backOnline();
}

function backOnline(): void {
  if (useConnectivity.getState().offline !== null)
    useConnectivity.setState({ offline: null, reconnected: true });
  stopProbing();
}

/** A request could not reach the server. */
export function serverUnreachable(): void {
  const { offline } = useConnectivity.getState();
  // The browser's own word is the more precise cause; keep it.
  if (offline === null) useConnectivity.setState({ offline: 'server' });
  startProbing();
}

/** The user has gone: their last sync is not the next user's. */
export function forgetLastSync(): void {
  try {
    localStorage.removeItem(LAST_SYNC_KEY);
  } catch {
    // Nothing was stored.
  }
  useConnectivity.setState({ lastSyncAt: null });
}

let probe: ReturnType<typeof setInterval> | null = null;

/**
 * Asks the server whether it is back; its health check needs no key and no session. Its answer
 * is no data, so it is no sync: the last sync keeps its time.
 */
export async function probeServer(): Promise<void> {
  try {
    const response = await fetch(`${API_BASE}/health`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (response.ok) backOnline();
  } catch {
    // Still unreachable; the next probe asks again.
  }
}

function startProbing(): void {
  probe ??= setInterval(() => void probeServer(), PROBE_INTERVAL_MS);
}

function stopProbing(): void {
  if (probe === null) return;
  clearInterval(probe);
  probe = null;
}

/**
 * Follows the browser's online and offline events: offline at once; back online only once the
 * server has answered, since a network is not yet a server.
 */
export function watchBrowserConnectivity(target: Window = window): void {
  target.addEventListener('offline', () => {
    useConnectivity.setState({ offline: 'browser' });
    startProbing();
  });
  target.addEventListener('online', () => {
    // Still offline until the server answers, but no longer for the browser's reason.
    if (useConnectivity.getState().offline === 'browser')
      useConnectivity.setState({ offline: 'server' });
    void probeServer();
  });
  if (useConnectivity.getState().offline !== null) startProbing();
}
