import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  readStoredAuth,
  writeStoredAuth,
} from '../../src/core/session/storage.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';

const auth = (expiresAt: number) => ({
  user: { ...UNAUTHENTICATED_USER, id: 3, type: 'farm_employee' as const },
  auth_token: { key: 'k', secret: 's', expires_at: expiresAt },
});

describe('stored session', () => {
  it('keeps the auth data under the fixed key prefix outside production', () => {
    writeStoredAuth(auth(2_000_000_000));
    expect(AUTH_STORAGE_KEY).toBe('fdp.auth');
    expect(window.localStorage.getItem('fdp.auth')).not.toBeNull();
  });

  it('returns a token that has not expired', () => {
    writeStoredAuth(auth(2_000_000_000));
    expect(readStoredAuth(1_900_000_000_000)?.user.id).toBe(3);
  });

  it('discards a token whose expires_at has passed', () => {
    writeStoredAuth(auth(1_000));
    expect(readStoredAuth(1_000_001)).toBeNull();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('discards an unreadable entry', () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(readStoredAuth()).toBeNull();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
