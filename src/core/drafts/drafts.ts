import { currentVault } from '../offline/vault.ts';
import { draftId, draftsDb, type DraftKey, type StoredDraft } from './draft-db.ts';

export type { DraftKey, DraftKind } from './draft-db.ts';

/** A draft found for the logged-in user, without what was typed. */
export interface DraftSummary extends DraftKey {
  savedAt: Date;
  schemaVersion: string;
}

export interface Draft<T> extends DraftSummary {
  data: T;
}

const summaryOf = (stored: StoredDraft): DraftSummary => ({
  unitId: stored.unitId,
  kind: stored.kind,
  formId: stored.formId,
  savedAt: new Date(stored.savedAt),
  schemaVersion: stored.schemaVersion,
});

/**
 * Keeps what the logged-in user has typed into a form, sealed with their key, replacing the
 * form's earlier draft. False when it could not be kept: nobody is logged in, or the key is not
 * on this device (it comes with the session: offline before it ever came, there is none).
 */
export async function saveDraft(
  key: DraftKey,
  schemaVersion: string,
  data: unknown,
): Promise<boolean> {
  const vault = await currentVault().catch(() => null);
  if (!vault) return false;
  const id = draftId(vault.userId, key);
  const sealed = await vault.seal(data, id);
  const stored: StoredDraft = {
    id,
    userId: vault.userId,
    unitId: key.unitId,
    kind: key.kind,
    formId: key.formId,
    schemaVersion,
    savedAt: Date.now(),
    sealed,
  };
  await (await draftsDb()).put('drafts', stored);
  return true;
}

/**
 * The logged-in user's draft of a form, opened, or null: none, nobody logged in, the key not on
 * this device, or a draft that does not open with the user's key (it is then removed, as nobody
 * could ever read it).
 */
export async function readDraft<T>(key: DraftKey): Promise<Draft<T> | null> {
  const vault = await currentVault().catch(() => null);
  if (!vault) return null;
  const id = draftId(vault.userId, key);
  const database = await draftsDb();
  const stored = await database.get('drafts', id);
  if (!stored) return null;
  try {
    const data = await vault.open<T>(stored.sealed, id);
    return { ...summaryOf(stored), data };
  } catch {
    await database.delete('drafts', id);
    return null;
  }
}

/** Removes the logged-in user's draft of a form: saved, handed to the outbox, or discarded. */
export async function discardDraft(key: DraftKey): Promise<void> {
  const vault = await currentVault().catch(() => null);
  if (!vault) return;
  await (await draftsDb()).delete('drafts', draftId(vault.userId, key));
}

/** The logged-in user's drafts on a unit, newest first, without opening them. */
export async function listDrafts(unitId: number): Promise<DraftSummary[]> {
  const vault = await currentVault().catch(() => null);
  if (!vault) return [];
  const stored = await (
    await draftsDb()
  ).getAllFromIndex('drafts', 'byUserUnit', [vault.userId, unitId]);
  return stored.map(summaryOf).sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime());
}
