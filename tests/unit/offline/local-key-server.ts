import { vi } from 'vitest';

/** Each user's key as the server would answer it: 32 random bytes, base64url. */
const serverKeys = new Map<number, string>();
let caller = -1;

function serverKeyOf(userId: number): string {
  let key = serverKeys.get(userId);
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    key = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    serverKeys.set(userId, key);
  }
  return key;
}

/** Whose session signs the next request. */
export function setCaller(userId: number): void {
  caller = userId;
}

/** Stands in for apiGet('/users/me/local-key'): the key of whoever is logged in. */
export const fetchLocalKey = vi.fn((path: string) => {
  if (path !== '/users/me/local-key') return Promise.reject(new Error(`unexpected GET ${path}`));
  if (caller < 0) return Promise.reject(new Error('401: not logged in'));
  return Promise.resolve({ key: serverKeyOf(caller) });
});
