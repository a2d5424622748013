import { ServerClock } from '../../../shared/server-clock.ts';
import { appConfig } from '../config.ts';
import { sessionScopedStorage } from '../session/storage.ts';

/**
 * What the portal has learned of the server's clock is kept where the session is (this tab in
 * production), so that a reloaded page signs its first request right even on a wrong clock.
 */
const OFFSET_KEY = `${appConfig.storageKeyPrefix}serverClockOffset`;

function storedOffset(): number {
  const value = Number(sessionScopedStorage()?.getItem(OFFSET_KEY) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export const serverClock = new ServerClock(
  () => Date.now(),
  storedOffset(),
  (offsetMs) => sessionScopedStorage()?.setItem(OFFSET_KEY, String(offsetMs)),
);
