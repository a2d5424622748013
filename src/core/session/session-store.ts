import { create } from 'zustand';
import type { AuthResponse, AuthToken } from '../../../shared/api.ts';
import { apiPost } from '../api/client.ts';
import { serverClock } from '../api/server-clock.ts';
import { linkSession } from '../api/credentials.ts';
import { ApiError } from '../api/errors.ts';
import { appPaths } from '../config.ts';
import { onReportedUnauthorised } from '../errors/report-error.ts';
import { whenIdle } from '../idle.ts';
import { logger } from '../logging/logger.ts';
import { navigate } from '../navigation/navigator.ts';
import { clearStoredAuth, readStoredAuth, writeStoredAuth } from './storage.ts';
import { isAuthenticated, UNAUTHENTICATED_USER, type User } from './user.ts';

export type LoginStatus = 'idle' | 'attempting' | 'success' | 'failure';

export const LOGIN_FALLBACK_ERROR = 'Login failed. Please try again.';

interface SessionState {
  user: User;
  token: AuthToken | null;
  loginStatus: LoginStatus;
  loginError: string | null;
  /** True after a logout: guarded pages then send the visitor to the root, with no returnUrl. */
  loggedOut: boolean;
  /** Resolves true on success; on failure the error is in loginError. */
  login: (username: string, password: string) => Promise<boolean>;
  /** Single sign-on with a one-time token; resolves true on success. */
  loginWithSsoToken: (token: string) => Promise<boolean>;
  /**
   * Ends the session on the server (best effort), optionally clears the stored token, then on the
   * next tick makes the user unauthenticated and goes to the site root.
   */
  logout: (options?: { clearStoredToken?: boolean }) => Promise<void>;
}

function initialAuth(): Pick<SessionState, 'user' | 'token'> {
  // By the server's clock, which issued the expiry: a wrong local clock must not end a session.
  const stored = typeof window === 'undefined' ? null : readStoredAuth(serverClock.now());
  return stored
    ? { user: stored.user, token: stored.auth_token }
    : { user: UNAUTHENTICATED_USER, token: null };
}

/**
 * The key of the user's drafts is fetched while the session is surely online, right after login
 * or on a restored session, so that drafts can be sealed and opened if the network goes later.
 * Loaded apart: the login page's first load carries none of the vault.
 */
function prepareVault(): void {
  void import('../offline/vault.ts')
    .then(({ currentVault }) => currentVault())
    .catch((error: unknown) => logger.info('The key of drafts on this device is not ready', error));
}

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.body?.msg ?? LOGIN_FALLBACK_ERROR;
  if (error instanceof Error) return error.message;
  return LOGIN_FALLBACK_ERROR;
}

export const useSession = create<SessionState>()((set, get) => {
  /** Login and SSO login alike: any session is cleared first, then idle → attempting → … */
  async function authenticate(action: 'login' | 'validatessotoken', body: object) {
    if (get().loginStatus === 'attempting') return false;
    clearStoredAuth();
    set({
      user: UNAUTHENTICATED_USER,
      token: null,
      loginStatus: 'attempting',
      loginError: null,
      loggedOut: false,
    });
    try {
      const auth = await apiPost<AuthResponse>('/authenticate', body, { api_action: action });
      writeStoredAuth(auth);
      set({ user: auth.user, token: auth.auth_token, loginStatus: 'success' });
      prepareVault();
      return true;
    } catch (error) {
      clearStoredAuth();
      set({
        user: UNAUTHENTICATED_USER,
        token: null,
        loginStatus: 'failure',
        loginError: loginErrorText(error),
      });
      return false;
    }
  }

  return {
    ...initialAuth(),
    loginStatus: 'idle',
    loginError: null,
    loggedOut: false,

    login: (username, password) => authenticate('login', { username, password }),
    loginWithSsoToken: (token) => authenticate('validatessotoken', { token }),

    async logout({ clearStoredToken = true } = {}) {
      if (get().token) {
        await apiPost('/authenticate/logout').catch((error: unknown) => {
          logger.info('The server did not confirm the logout', error);
        });
      }
      if (clearStoredToken) clearStoredAuth();
      await new Promise((resolve) => setTimeout(resolve, 0));
      set({
        user: UNAUTHENTICATED_USER,
        token: null,
        loginStatus: 'idle',
        loginError: null,
        loggedOut: true,
      });
      navigate(appPaths.afterLogout, { replace: true });
    },
  };
});

/** A 401 to a signed request: the token is dead, so the session ends here too. */
function endLostSession() {
  if (!isAuthenticated(useSession.getState().user)) return;
  clearStoredAuth();
  useSession.setState({
    user: UNAUTHENTICATED_USER,
    token: null,
    loginStatus: 'idle',
    loggedOut: true,
  });
  navigate(appPaths.afterLogout, { replace: true });
}

// A restored session's page draws first; the key (stored with the session) is ready soon after.
if (isAuthenticated(useSession.getState().user)) void whenIdle().then(prepareVault);

linkSession({ token: () => useSession.getState().token, unauthorised: endLostSession });
onReportedUnauthorised(endLostSession);

export const selectIsAuthenticated = (s: SessionState) => isAuthenticated(s.user);
