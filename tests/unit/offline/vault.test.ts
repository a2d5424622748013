import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEY_STORAGE_KEY } from '../../../src/core/offline/key-storage.ts';
import { currentVault, type Vault } from '../../../src/core/offline/vault.ts';
import { fetchLocalKey } from './local-key-server.ts';
import { logInAs, logOut } from './session-users.ts';

vi.mock('../../../src/core/api/client.ts', async (importActual) => ({
  ...(await importActual<object>()),
  apiGet: (await import('./local-key-server.ts')).fetchLocalKey,
}));

async function vaultOf(userId: number): Promise<Vault> {
  logInAs(userId);
  const vault = await currentVault();
  if (!vault) throw new Error('no vault while logged in');
  return vault;
}

describe('the vault (the logged-in user’s key for data on this device)', () => {
  beforeEach(() => {
    logOut();
    fetchLocalKey.mockClear();
  });

  it('seals JSON and opens it again, each time with a fresh IV', async () => {
    const vault = await vaultOf(11);
    const value = { milk_litres: 1234, note: 'Parlour', nested: [1, null, 'x'] };
    const a = await vault.seal(value, 'draft-1');
    const b = await vault.seal(value, 'draft-1');
    expect(a.iv).toHaveLength(12);
    expect(Array.from(a.iv)).not.toEqual(Array.from(b.iv));
    expect(new TextDecoder().decode(a.data)).not.toContain('Parlour');
    expect(await vault.open(a, 'draft-1')).toEqual(value);
    expect(await vault.open(b, 'draft-1')).toEqual(value);
  });

  it('does not open a value under another name, nor one sealed by another user', async () => {
    const first = await vaultOf(11);
    const sealed = await first.seal({ secret: 1 }, 'draft-1');
    await expect(first.open(sealed, 'draft-2')).rejects.toThrow();
    const second = await vaultOf(12);
    await expect(second.open(sealed, 'draft-1')).rejects.toThrow();
  });

  it('fetches the key once per session and keeps it with the session', async () => {
    await vaultOf(11);
    await currentVault();
    await currentVault();
    expect(fetchLocalKey).toHaveBeenCalledTimes(1);
    expect(
      sessionStorage.getItem(LOCAL_KEY_STORAGE_KEY) ?? localStorage.getItem(LOCAL_KEY_STORAGE_KEY),
    ).toContain('"userId":11');
  });

  it('is locked by logout until the same user logs in again', async () => {
    const before = await vaultOf(11);
    const sealed = await before.seal({ yield_t: 8.2 }, 'draft-1');
    logOut();
    expect(await currentVault()).toBeNull();
    expect(sessionStorage.getItem(LOCAL_KEY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEY_STORAGE_KEY)).toBeNull();
    const after = await vaultOf(11);
    expect(fetchLocalKey).toHaveBeenCalledTimes(2);
    expect(await after.open(sealed, 'draft-1')).toEqual({ yield_t: 8.2 });
  });

  it('cannot open anything when the key cannot be fetched (offline, never fetched)', async () => {
    fetchLocalKey.mockRejectedValueOnce(new Error('offline'));
    logInAs(13);
    await expect(currentVault()).rejects.toThrow('offline');
  });
});
