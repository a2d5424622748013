import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { onUnrecoverable, onUpdateAvailable } from '../../src/core/pwa-update.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER, type User } from '../../src/core/session/user.ts';

const farmer = {
  ...UNAUTHENTICATED_USER,
  id: 7,
  type: 'farm_employee',
  first_name: 'Tom',
  last_name: 'Hargreaves',
  username: 'farmer@example.com',
} as User;

describe('app update', () => {
  beforeEach(() => {
    useDialogs.setState({ dialogs: [], progress: null });
    useSession.setState({ user: UNAUTHENTICATED_USER });
  });

  it('asks a logged-out visitor "Update Available" and switches now when they agree', async () => {
    const activate = vi.fn(() => Promise.resolve());
    const answered = onUpdateAvailable(activate);
    const [dialog] = useDialogs.getState().dialogs;
    expect(dialog).toMatchObject({ kind: 'confirm', title: 'Update Available' });
    useDialogs.getState().settle(dialog?.id ?? -1, true);
    await answered;
    expect(activate).toHaveBeenCalledWith(true);
  });

  it('leaves the switch for later when the visitor declines', async () => {
    const activate = vi.fn(() => Promise.resolve());
    const answered = onUpdateAvailable(activate);
    useDialogs.getState().settle(useDialogs.getState().dialogs[0]?.id ?? -1, false);
    await answered;
    expect(activate).not.toHaveBeenCalled();
  });

  it('never prompts a logged-in user: the update applies on their next reload', async () => {
    useSession.setState({ user: farmer });
    const activate = vi.fn(() => Promise.resolve());
    await onUpdateAvailable(activate);
    expect(useDialogs.getState().dialogs).toEqual([]);
    expect(activate).toHaveBeenCalledWith(false);
  });

  it('says "Unrecoverable Error" once, asking for a reload', () => {
    onUnrecoverable('chunk failed');
    onUnrecoverable('another chunk failed');
    const dialogs = useDialogs.getState().dialogs;
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatchObject({ kind: 'error', title: 'Unrecoverable Error' });
    expect(dialogs[0]?.message).toMatch(/reload the page/);
  });
});
