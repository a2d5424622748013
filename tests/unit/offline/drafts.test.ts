import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFTS_DB } from '../../../src/core/drafts/draft-db.ts';
import {
  discardDraft,
  listDrafts,
  readDraft,
  saveDraft,
  type DraftKey,
} from '../../../src/core/drafts/drafts.ts';
import { schemaVersionOf } from '../../../src/core/drafts/schema-version.ts';
import { logInAs, logOut } from './session-users.ts';

vi.mock('../../../src/core/api/client.ts', async (importActual) => ({
  ...(await importActual<object>()),
  apiGet: (await import('./local-key-server.ts')).fetchLocalKey,
}));

const MONTHLY: DraftKey = { unitId: 70, kind: 'record', formId: 'milk-monthly' };
const typed = { month: '2026-10', litres: 41_250, note: 'Bulk tank 2' };

/** Everything in the drafts database, as anyone with the device could read it. */
async function rawDatabase(): Promise<string> {
  const db = await openDB(DRAFTS_DB);
  const all: unknown[] = await db.getAll('drafts');
  db.close();
  return JSON.stringify(all, (_key, value: unknown) =>
    value instanceof ArrayBuffer ? new TextDecoder().decode(value) : value,
  );
}

describe('drafts on this device', () => {
  beforeEach(async () => {
    logInAs(1);
    for (const draft of await listDrafts(MONTHLY.unitId)) await discardDraft(draft);
    logOut();
  });

  it('keeps what was typed, sealed, and gives it back to the same user', async () => {
    logInAs(1);
    expect(await saveDraft(MONTHLY, 'v1', typed)).toBe(true);
    const draft = await readDraft<typeof typed>(MONTHLY);
    expect(draft?.data).toEqual(typed);
    expect(draft?.schemaVersion).toBe('v1');
    expect(Date.now() - (draft?.savedAt.getTime() ?? 0)).toBeLessThan(5000);
    expect(await rawDatabase()).not.toContain('Bulk tank');
  });

  it('shows nothing of one user to another user on the same browser', async () => {
    logInAs(1);
    await saveDraft(MONTHLY, 'v1', typed);
    logOut();
    logInAs(2);
    expect(await readDraft(MONTHLY)).toBeNull();
    expect(await listDrafts(MONTHLY.unitId)).toEqual([]);
    // Their own draft of the same form is theirs alone, and leaves the first user's as it was.
    await saveDraft(MONTHLY, 'v1', { litres: 1 });
    logOut();
    logInAs(1);
    expect((await readDraft(MONTHLY))?.data).toEqual(typed);
  });

  it('cannot be read after logout, and can once the same user logs in again', async () => {
    logInAs(1);
    await saveDraft(MONTHLY, 'v1', typed);
    logOut();
    expect(await readDraft(MONTHLY)).toBeNull();
    expect(await listDrafts(MONTHLY.unitId)).toEqual([]);
    expect(await saveDraft(MONTHLY, 'v1', { litres: 2 })).toBe(false);
    logInAs(1);
    expect((await readDraft(MONTHLY))?.data).toEqual(typed);
  });

  it('lists the user’s drafts of a unit, newest first, and forgets a discarded one', async () => {
    logInAs(1);
    const survey: DraftKey = { unitId: 70, kind: 'survey', formId: 'grower-return' };
    await saveDraft(MONTHLY, 'v1', typed);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(survey, 'v1', { q1: 'yes' });
    await saveDraft({ ...MONTHLY, unitId: 71 }, 'v1', typed);
    expect((await listDrafts(70)).map((d) => d.formId)).toEqual(['grower-return', 'milk-monthly']);
    await discardDraft(MONTHLY);
    expect(await readDraft(MONTHLY)).toBeNull();
    expect((await listDrafts(70)).map((d) => d.formId)).toEqual(['grower-return']);
    expect(await listDrafts(71)).toHaveLength(1);
  });

  it('keeps the schema version a draft was typed against, which changes with the schema', async () => {
    const schema = { type: 'object', properties: { litres: { type: 'number' } } };
    const changed = { type: 'object', properties: { litres: { type: 'integer' } } };
    expect(schemaVersionOf(schema)).toBe(schemaVersionOf(structuredClone(schema)));
    expect(schemaVersionOf(changed)).not.toBe(schemaVersionOf(schema));
    logInAs(1);
    await saveDraft(MONTHLY, schemaVersionOf(schema), typed);
    expect((await readDraft(MONTHLY))?.schemaVersion).toBe(schemaVersionOf(schema));
  });
});
