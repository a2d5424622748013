import { withDelayedProgress } from '../dialogs/delayed-progress.ts';
import { useDialogs } from '../dialogs/dialog-store.ts';
import { useSession } from './session-store.ts';

/** Asks "Logout?" / "Are you sure you want to logout?" and logs out only after confirmation. */
export async function confirmLogout(): Promise<void> {
  const confirmed = await useDialogs.getState().confirm({
    title: 'Logout?',
    message: 'Are you sure you want to logout?',
    confirmLabel: 'Logout',
  });
  // The server is told first; should it be slow, the progress dialog says what is happening.
  if (confirmed) await withDelayedProgress('Logging out…', () => useSession.getState().logout());
}
