import { ok } from './mock-api.ts';
import { clearStoredAuth } from '../../src/core/session/storage.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';

/** The logged-in farmer's key on the server: 32 bytes, base64url. */
const KEY = 'q83vEjRWeJASNFZ4kBI0VniQEjRWeJASNFZ4kBI0Vng';

/** The mocked answer to GET /api/users/me/local-key, for mockApi's handlers. */
export const LOCAL_KEY_ROUTE: [RegExp, () => Response] = [
  /^\/api\/users\/me\/local-key$/,
  () => ok({ key: KEY }),
];

/** A farmer logged in, so that drafts are kept (with fake-indexeddb) and offered. */
export function logInForDrafts(): void {
  useSession.setState({
    user: { ...UNAUTHENTICATED_USER, id: 5, type: 'farm_employee' },
    token: { key: 'k', secret: 'c2VjcmV0', expires_at: Date.now() / 1000 + 3600 },
  });
}

export function logOutOfDrafts(): void {
  clearStoredAuth();
  useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
}
