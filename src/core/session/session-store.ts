import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { AuthResponse, AuthToken } from '../../../shared/api.ts';
import { apiPost } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
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
  logout: (options?: { clearStoredToken?: boolean }) => void;
}

function initialAuth(): Pick<SessionState, 'user' | 'token'> {
  const stored = typeof window === 'undefined' ? null : readStoredAuth();
  return stored
    ? { user: stored.user, token: stored.auth_token }
    : { user: UNAUTHENTICATED_USER, token: null };
}

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.body?.msg ?? LOGIN_FALLBACK_ERROR;
  if (error instanceof Error) return error.message;
  return LOGIN_FALLBACK_ERROR;
}

export const useSession = create<SessionState>()(
  immer((set, get) => ({
    ...initialAuth(),
    loginStatus: 'idle',
    loginError: null,
    loggedOut: false,

    async login(username, password) {
      if (get().loginStatus === 'attempting') return false;
      // Any existing session ends before another begins.
      clearStoredAuth();
      set((s) => {
        s.user = UNAUTHENTICATED_USER;
        s.token = null;
        s.loginStatus = 'attempting';
        s.loginError = null;
        s.loggedOut = false;
      });
      try {
        const auth = await apiPost<AuthResponse>(
          '/authenticate',
          { username, password },
          { api_action: 'login' },
        );
        writeStoredAuth(auth);
        set((s) => {
          s.user = auth.user;
          s.token = auth.auth_token;
          s.loginStatus = 'success';
        });
        return true;
      } catch (error) {
        clearStoredAuth();
        set((s) => {
          s.user = UNAUTHENTICATED_USER;
          s.token = null;
          s.loginStatus = 'failure';
          s.loginError = loginErrorText(error);
        });
        return false;
      }
    },

    logout({ clearStoredToken = true } = {}) {
      if (clearStoredToken) clearStoredAuth();
      set((s) => {
        s.user = UNAUTHENTICATED_USER;
        s.token = null;
        s.loginStatus = 'idle';
        s.loginError = null;
        s.loggedOut = true;
      });
    },
  })),
);

export const selectIsAuthenticated = (s: SessionState) => isAuthenticated(s.user);
