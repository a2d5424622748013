import { clearStoredAuth } from '../../../src/core/session/storage.ts';
import { useSession } from '../../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER, type User } from '../../../src/core/session/user.ts';
import { setCaller } from './local-key-server.ts';

export function logInAs(id: number): void {
  const user: User = { ...UNAUTHENTICATED_USER, id, type: 'farm_employee' };
  useSession.setState({ user, token: { key: `k${String(id)}`, secret: 's', expires_at: 0 } });
  setCaller(id);
}

/** The session ends as logout or a 401 ends it: the stored session and key go. */
export function logOut(): void {
  clearStoredAuth();
  useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
  setCaller(-1);
}
