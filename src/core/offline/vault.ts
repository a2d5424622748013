import { apiGet } from '../api/client.ts';
import { sessionScopedStorage } from '../session/storage.ts';
import { useSession } from '../session/session-store.ts';
import { isAuthenticated } from '../session/user.ts';
import { readStoredLocalKey, writeStoredLocalKey } from './key-storage.ts';

/** A value sealed by the vault: AES-GCM with a fresh 96-bit IV, as IndexedDB stores it. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/**
 * What the portal keeps on a device for one user (drafts, queued writes), sealed with that user's
 * key. `context` names what the value is (a draft's id, an outbox item's): it is authenticated
 * with the value, so a sealed value moved under another name does not open.
 */
export interface Vault {
  userId: number;
  seal: (value: unknown, context: string) => Promise<Sealed>;
  /** The value sealed under `context`; throws when it was sealed with another key or altered. */
  open: <T>(sealed: Sealed, context: string) => Promise<T>;
}

const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Imported once per raw key; the CryptoKey cannot be exported again. */
let imported: { raw: string; key: Promise<CryptoKey> } | null = null;

function cryptoKeyOf(raw: string): Promise<CryptoKey> {
  if (imported?.raw !== raw) {
    const key = crypto.subtle.importKey('raw', keyBytes(raw), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]);
    imported = { raw, key };
  }
  return imported.key;
}

function vaultWith(userId: number, key: CryptoKey): Vault {
  return {
    userId,
    async seal(value, context) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        key,
        encoder.encode(JSON.stringify(value)),
      );
      return { iv, data };
    },
    async open<T>(sealed: Sealed, context: string) {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(context) },
        key,
        sealed.data,
      );
      return JSON.parse(decoder.decode(plain)) as T;
    },
  };
}

/** One fetch of the key at a time, per user: a form and the login may both ask at once. */
let fetching: { userId: number; raw: Promise<string> } | null = null;

async function rawKeyOf(userId: number): Promise<string> {
  const stored = readStoredLocalKey(sessionScopedStorage(), userId);
  if (stored) return stored;
  if (fetching?.userId !== userId) {
    const raw = apiGet<{ key: string }>('/users/me/local-key').then(({ key }) => {
      // Stored only if the session that asked is still this user's: a logout meanwhile wins.
      const user = useSession.getState().user;
      if (isAuthenticated(user) && user.id === userId) {
        writeStoredLocalKey(sessionScopedStorage(), { userId, key });
      }
      return key;
    });
    fetching = { userId, raw };
    raw.then(
      () => (fetching = null),
      () => (fetching = null),
    );
  }
  return fetching.raw;
}

/**
 * The vault of the logged-in user, or null when nobody is logged in. Its key comes from the
 * session's storage, or from the server once per session (offline with no stored key, this
 * rejects: nothing can be sealed or opened). The stored key is looked up on every call, so a
 * logout, which removes it with the session (clearStoredAuth), locks the vault at once.
 */
export async function currentVault(): Promise<Vault | null> {
  const user = useSession.getState().user;
  if (!isAuthenticated(user)) return null;
  const raw = await rawKeyOf(user.id);
  return vaultWith(user.id, await cryptoKeyOf(raw));
}
