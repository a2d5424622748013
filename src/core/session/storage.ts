import type { AuthResponse } from '../../../shared/api.ts';
import { appConfig } from '../config.ts';
import { clearStoredLocalKey } from '../offline/key-storage.ts';

export const AUTH_STORAGE_KEY = `${appConfig.storageKeyPrefix}auth`;

/**
 * Production keeps the session for this tab only, so closing the tab ends it and a shared
 * farm-office computer does not stay logged in; development keeps it across tabs and reloads.
 */
export function sessionScopedStorage(): Storage | undefined {
  try {
    return import.meta.env.PROD ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

function isAuthResponse(value: unknown): value is AuthResponse {
  const v = value as Partial<AuthResponse> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.user?.id === 'number' &&
    typeof v.auth_token?.key === 'string' &&
    typeof v.auth_token.secret === 'string' &&
    typeof v.auth_token.expires_at === 'number'
  );
}

/** The stored session, or null when there is none, it is unreadable, or its token has expired. */
export function readStoredAuth(now = Date.now()): AuthResponse | null {
  const storage = sessionScopedStorage();
  const raw = storage?.getItem(AUTH_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isAuthResponse(parsed) && parsed.auth_token.expires_at * 1000 > now) return parsed;
  } catch {
    // fall through: a corrupt entry is treated like an expired one
  }
  clearStoredAuth();
  return null;
}

export function writeStoredAuth(auth: AuthResponse): void {
  sessionScopedStorage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
}

/**
 * The session's end, by logout or refusal, also forgets the key of the user's data on this device
 * (src/core/offline/vault.ts): until they log in again nothing of theirs here can be decrypted.
 */
export function clearStoredAuth(): void {
  const storage = sessionScopedStorage();
  storage?.removeItem(AUTH_STORAGE_KEY);
  clearStoredLocalKey(storage);
}
