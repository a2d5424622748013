import { keepReadsWith, type ReadKeeper } from '../api/started-reads.ts';
import { forgetLastSync, whenBackOnline } from '../connectivity/connectivity-store.ts';
import { answeredByServer, forgetDeviceCopies, shownFromDevice } from './device-copies.ts';
import { whenIdle } from '../idle.ts';
import { logger } from '../logging/logger.ts';
import { useSession } from '../session/session-store.ts';
import { isAuthenticated } from '../session/user.ts';

/**
 * IndexedDB's code (idb and the read cache) loads with the first read kept, beside the page
 * rather than before it: keeping is done on the side, and a copy is only asked for offline, when
 * the service worker has the chunk.
 */
const cache = () => import('./read-cache.ts');

/**
 * Keeping waits until the page is idle: a reload's reads arrive while the page is drawing its
 * first screen, and IndexedDB's code and writes would compete with that paint.
 */
const cacheWhenIdle = () => whenIdle().then(cache);

const signedInUser = (): number | null => {
  const { user } = useSession.getState();
  return isAuthenticated(user) ? user.id : null;
};

const keeper: ReadKeeper = {
  owner: signedInUser,
  keep(owner, key, data) {
    // The user may have logged out while the answer travelled: it is not kept for anyone then.
    if (signedInUser() !== owner) return;
    answeredByServer(key);
    const at = Date.now();
    cacheWhenIdle()
      .then(({ keepRead }) => {
        // Logged out meanwhile: kept for nobody.
        if (signedInUser() === owner) return keepRead(owner, key, data, at);
        return undefined;
      })
      .catch((error: unknown) => logger.warn('A read could not be kept on this device', error));
  },
  async recall(owner, key) {
    const kept = await (await cache()).recallRead(owner, key);
    if (kept) shownFromDevice(key, kept.at);
    return kept?.data;
  },
};

/** Whatever a logout could not clear (a tab closed at once) goes before anyone reads it. */
function keepOnlyTheSignedInUsers(): void {
  const owner = signedInUser();
  if (owner === null) return;
  cacheWhenIdle()
    .then(({ forgetOtherUsers }) => forgetOtherUsers(owner))
    .catch((error: unknown) =>
      logger.warn("Another user's reads could not be cleared from this device", error),
    );
}

let started = false;

/**
 * Signed in, every read is kept on this device for its user (src/core/read-cache/read-cache.ts)
 * and answers when the server cannot be reached. At logout, explicit or forced, every copy and
 * the last sync's time are forgotten; back online, every read on screen is asked again.
 */
export function keepSignedInReads(): void {
  if (started) return;
  started = true;
  // Without IndexedDB (some private windows) nothing is kept: the portal reads online only.
  const storable = typeof indexedDB !== 'undefined';
  if (storable) {
    keepReadsWith(keeper);
    keepOnlyTheSignedInUsers();
  }
  useSession.subscribe((state, previous) => {
    if (state.user === previous.user) return;
    if (storable && isAuthenticated(state.user)) keepOnlyTheSignedInUsers();
    if (!isAuthenticated(previous.user)) return;
    forgetDeviceCopies();
    forgetLastSync();
    if (!storable) return;
    cache()
      .then(({ clearReads }) => clearReads())
      .catch((error: unknown) =>
        logger.error('The reads kept on this device could not be cleared at logout', error),
      );
  });
  whenBackOnline(() => {
    // swr itself only follows the browser's online event, not a server that came back. Loaded
    // by every screen that reads, so it is here by now; imported here, it would weigh on the shell.
    void import('swr').then(({ mutate }) => mutate(() => true));
  });
}
