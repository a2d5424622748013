import { appConfig } from '../config.ts';

export const LOCAL_KEY_STORAGE_KEY = `${appConfig.storageKeyPrefix}localKey`;

/** The raw key of the vault, kept where the session is and only as long as it is. */
interface StoredLocalKey {
  userId: number;
  /** 256 bits, base64url, as GET /api/users/me/local-key answers. */
  key: string;
}

/**
 * The user's raw key as stored with their session, or null. A key stored for another user is
 * never handed out: the session it belonged to has been replaced.
 */
export function readStoredLocalKey(storage: Storage | undefined, userId: number): string | null {
  const raw = storage?.getItem(LOCAL_KEY_STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredLocalKey> | null;
    return stored?.userId === userId && typeof stored.key === 'string' ? stored.key : null;
  } catch {
    return null;
  }
}

export function writeStoredLocalKey(storage: Storage | undefined, stored: StoredLocalKey): void {
  storage?.setItem(LOCAL_KEY_STORAGE_KEY, JSON.stringify(stored));
}

export function clearStoredLocalKey(storage: Storage | undefined): void {
  storage?.removeItem(LOCAL_KEY_STORAGE_KEY);
}
