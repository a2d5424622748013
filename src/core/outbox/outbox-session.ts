import { useAlerts } from '../alerts/alert-store.ts';
import { whenBackOnline } from '../connectivity/connectivity-store.ts';
import { whenIdle } from '../idle.ts';
import { logger } from '../logging/logger.ts';
import { useSession } from '../session/session-store.ts';
import { isAuthenticated } from '../session/user.ts';
import type { OutboxItem } from './outbox-item.ts';
import { openingOutbox, sendWaitingNow, startOutbox, stopOutbox } from './outbox-store.ts';

/**
 * What a write changed, as the reads under it: a record's type ("/units/4/records/monthly" for
 * its add, edit or delete), a survey's response ("/units/4/surveys/x" for its submission).
 */
const changedBy = (item: OutboxItem) => item.path.replace(/\/[^/]+$/, '');

/** Every read of the list the write changed (its pages and searches) is asked again. */
function refreshAfter(item: OutboxItem, background: boolean): void {
  const collection = changedBy(item);
  // swr is loaded by every screen that reads, so it is here by now; imported, it would weigh on
  // the signed-in shell.
  void import('swr').then(({ mutate }) =>
    mutate(
      (key) =>
        Array.isArray(key) &&
        typeof key[0] === 'string' &&
        (key[0] === collection || key[0].startsWith(`${collection}/`)),
    ),
  );
  if (background) useAlerts.getState().success(`Sent to the server: ${item.label}.`);
}

/** The vault and IndexedDB's code come with the first opening, not with the shell. */
async function open(userId: number): Promise<void> {
  const [{ currentVault }, { OutboxDb }] = await Promise.all([
    import('../offline/vault.ts'),
    import('./outbox-db.ts'),
  ]);
  const vault = await currentVault();
  // Logged out, or another user logged in, while the key was on its way.
  if (!vault || vault.userId !== userId || useSession.getState().user.id !== userId) return;
  await startOutbox(userId, { db: new OutboxDb(vault), onSent: refreshAfter });
}

let following = false;

/**
 * The outbox is open while a user is signed in: at a login or a restored session it opens with
 * that user's key and sends what waits; at a logout, explicit or forced, it closes and what waits
 * stays on this device, sealed, for the same user's next login.
 */
export function followSessionWithOutbox(): void {
  if (following || typeof indexedDB === 'undefined') return;
  following = true;
  // Once the page is idle: what waits is sent a moment later, the first paint is not delayed.
  const begin = (userId: number) =>
    openingOutbox(
      whenIdle()
        .then(() => open(userId))
        .catch((error: unknown) =>
          logger.error('The outbox on this device could not be opened', error),
        ),
    );
  const { user } = useSession.getState();
  if (isAuthenticated(user)) begin(user.id);
  // The server answered again (src/core/connectivity): what waits goes now, not at the next retry.
  whenBackOnline(() => void sendWaitingNow());
  useSession.subscribe((state, previous) => {
    if (state.user === previous.user) return;
    if (isAuthenticated(previous.user)) stopOutbox();
    if (isAuthenticated(state.user)) begin(state.user.id);
  });
}
