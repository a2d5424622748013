import { useDialogs } from './dialogs/dialog-store.ts';
import { logger } from './logging/logger.ts';
import { isAuthenticated } from './session/user.ts';
import { useSession } from './session/session-store.ts';

/** The spec's update poll: every 2 hours once the worker is registered. */
export const UPDATE_CHECK_INTERVAL_MS = 7_200_000;

/**
 * What to do when a new version is waiting: a logged-out visitor is asked whether to switch now
 * (activate and reload); a logged-in user is never interrupted: the new version is activated
 * without a reload, so it serves their next reload.
 */
export async function onUpdateAvailable(
  activate: (reloadNow: boolean) => Promise<void>,
): Promise<void> {
  if (isAuthenticated(useSession.getState().user)) {
    logger.info('A new version is ready; it applies on the next reload.');
    await activate(false);
    return;
  }
  const now = await useDialogs.getState().confirm({
    title: 'Update Available',
    message: 'A new version of the portal is available. Switch to it now?',
    confirmLabel: 'Update now',
    cancelLabel: 'Later',
  });
  if (now) await activate(true);
}

let unrecoverableShown = false;

/**
 * The portal cannot go on: part of it failed to load (the files of the version in the tab are
 * gone, usually after a release). Said once, with the way out.
 */
export function onUnrecoverable(reason: string): void {
  logger.error('Unrecoverable state', reason);
  if (unrecoverableShown) return;
  unrecoverableShown = true;
  void useDialogs.getState().error({
    title: 'Unrecoverable Error',
    message:
      'The portal could not load a part of itself, probably because a new version has been released. Please reload the page to continue.',
  });
}
