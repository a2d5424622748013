import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Sealed } from '../offline/vault.ts';

/** What a draft is of: a record form, a survey's answers, a calculator's inputs. */
export type DraftKind = 'record' | 'survey' | 'calculator';

/** Which form a draft belongs to, for the logged-in user. */
export interface DraftKey {
  unitId: number;
  kind: DraftKind;
  /** The record type ("milk-monthly", or "milk-monthly/42" for an edit), survey or calculator. */
  formId: string;
}

/**
 * A draft as stored. Only what finds it is in the clear (whose, where, which form, when); what
 * was typed is sealed with the user's key.
 */
export interface StoredDraft extends DraftKey {
  id: string;
  userId: number;
  /** The form's schema version when the draft was saved (see schemaVersion in drafts.ts). */
  schemaVersion: string;
  /** ms since the epoch. */
  savedAt: number;
  sealed: Sealed;
}

interface DraftsSchema extends DBSchema {
  drafts: { key: string; value: StoredDraft; indexes: { byUserUnit: [number, number] } };
}

/** A database of its own: the outbox and the read cache keep theirs apart. */
export const DRAFTS_DB = 'fdp-drafts';

let db: Promise<IDBPDatabase<DraftsSchema>> | null = null;

export function draftsDb(): Promise<IDBPDatabase<DraftsSchema>> {
  db ??= openDB<DraftsSchema>(DRAFTS_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('drafts', { keyPath: 'id' });
      store.createIndex('byUserUnit', ['userId', 'unitId']);
    },
    // Another tab opened a newer version (an app update): let it, and open again when asked.
    blocking() {
      void db?.then((open) => open.close());
      db = null;
    },
  });
  return db;
}

export const draftId = (userId: number, key: DraftKey): string =>
  [String(userId), String(key.unitId), key.kind, key.formId].join('|');
