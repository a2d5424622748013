import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardDraft, saveDraft, type DraftKey } from '../../src/core/drafts/drafts.ts';
import { recordTypes } from '../../src/engine/all-record-types.ts';
import { UnsavedDrafts } from '../../src/screens/records/UnsavedDrafts.tsx';
import { LOCAL_KEY_ROUTE, logInForDrafts, logOutOfDrafts } from './draft-session.ts';
import { mockApi } from './mock-api.ts';

const monthly = recordTypes.get('monthly');
const DRAFTS: DraftKey[] = [
  { unitId: 7, kind: 'record', formId: 'monthly' },
  { unitId: 7, kind: 'record', formId: 'monthly/42' },
  { unitId: 7, kind: 'record', formId: 'annual' },
  // Another unit's, and a survey's: not listed here.
  { unitId: 8, kind: 'record', formId: 'monthly' },
  { unitId: 7, kind: 'survey', formId: 'moorland-vale-herd-health-2026' },
];

describe('a record type’s list of unsaved drafts on the unit', () => {
  beforeEach(() => {
    logInForDrafts();
    mockApi([LOCAL_KEY_ROUTE]);
  });
  afterEach(async () => {
    for (const key of DRAFTS) await discardDraft(key);
    logOutOfDrafts();
    vi.unstubAllGlobals();
  });

  it('opens this type’s drafts and links to the records screen of the others', async () => {
    if (!monthly) throw new Error('no monthly record type');
    for (const key of DRAFTS) await saveDraft(key, 'v', { any: 1 });
    const onOpen = vi.fn();
    render(
      <MemoryRouter>
        <UnsavedDrafts type={monthly} unitId={7} onOpen={onOpen} />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('region', { name: 'Unsaved drafts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list).toHaveTextContent(/New monthly record, from \d\d:\d\d/);
    expect(
      within(list).getByRole('link', { name: 'Annual Records: a new record' }),
    ).toHaveAttribute('href', '/unit/records/annual');

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Open: New monthly record' }));
    expect(onOpen).toHaveBeenLastCalledWith(undefined);
    await user.click(
      within(list).getByRole('button', { name: 'Open: Changes to monthly record 42' }),
    );
    expect(onOpen).toHaveBeenLastCalledWith(42);
  });

  it('shows nothing when the user has no record drafts here', async () => {
    if (!monthly) throw new Error('no monthly record type');
    const { container } = render(
      <MemoryRouter>
        <UnsavedDrafts type={monthly} unitId={7} onOpen={() => undefined} />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container).toBeEmptyDOMElement();
  });
});
