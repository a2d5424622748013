import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardDraft, readDraft, saveDraft, type DraftKey } from '../../src/core/drafts/drafts.ts';
import { RecordForm } from '../../src/screens/records/RecordForm.tsx';
import '../../src/widgets/index.ts';
import { LOCAL_KEY_ROUTE, logInForDrafts, logOutOfDrafts } from './draft-session.ts';
import { mockApi } from './mock-api.ts';
import { monthly, savesMonthly } from './monthly-form.ts';

const DRAFT: DraftKey = { unitId: 7, kind: 'record', formId: 'monthly' };

/** A logged-in farmer whose API answers the key and keeps each record saved. */
function serve() {
  const sent: Record<string, unknown>[] = [];
  mockApi([LOCAL_KEY_ROUTE, savesMonthly(sent)]);
  return sent;
}

function openForm() {
  const onSaved = vi.fn();
  const view = render(
    <RecordForm
      type={monthly}
      unitId={7}
      describe={() => 'Monthly record'}
      onSaved={onSaved}
      onQueued={() => undefined}
      onCancel={() => undefined}
    />,
  );
  return { onSaved, view };
}

const notice = () => screen.queryByRole('region', { name: 'Unsaved draft' });

describe('a record form’s draft, offered back', () => {
  beforeEach(logInForDrafts);
  afterEach(async () => {
    await discardDraft(DRAFT);
    logOutOfDrafts();
    vi.unstubAllGlobals();
  });

  it('keeps what is typed, and on the next visit Resume fills the form with it', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const first = openForm();
    await user.type(await screen.findByLabelText(/^Milk sold/), '1250');
    await user.type(screen.getByLabelText('Notes'), 'Wet month');
    await user.tab();
    await waitFor(async () =>
      expect((await readDraft<Record<string, unknown>>(DRAFT))?.data).toMatchObject({
        milk_sold_litres: 1250,
        notes: 'Wet month',
      }),
    );
    first.view.unmount();

    const { onSaved } = openForm();
    const offered = await screen.findByRole('region', { name: 'Unsaved draft' });
    expect(offered).toHaveTextContent(
      /^You have an unsaved monthly record from \d\d:\d\d — resume or discard\.ResumeDiscard$/,
    );
    expect(screen.getByLabelText(/^Milk sold/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(notice()).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Milk sold/)).toHaveValue('1250'));
    expect(screen.getByLabelText('Notes')).toHaveValue('Wet month');

    await user.type(screen.getByLabelText(/^Month/), '01/07/2026');
    await user.type(screen.getByLabelText(/^Cows in milk/), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      milk_sold_litres: 1250,
      notes: 'Wet month',
      cows_in_milk: 200,
    });
    await waitFor(async () => expect(await readDraft(DRAFT)).toBeNull());
  }, 30_000);

  it('Discard removes the draft and leaves the form empty', async () => {
    serve();
    await saveDraft(DRAFT, 'old', { milk_sold_litres: 900 });
    const user = userEvent.setup();
    openForm();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(notice()).toBeNull();
    await waitFor(async () => expect(await readDraft(DRAFT)).toBeNull());
    expect(screen.getByLabelText(/^Milk sold/)).toHaveValue('');
  });

  it('says so when the form has changed since the draft was typed', async () => {
    serve();
    await saveDraft(DRAFT, 'an-earlier-release', { milk_sold_litres: 900 });
    openForm();
    expect(await screen.findByRole('region', { name: 'Unsaved draft' })).toHaveTextContent(
      'The form has changed since: check every field before you save.',
    );
  });

  it('keeps no draft of a form only opened', async () => {
    serve();
    const { view } = openForm();
    await screen.findByLabelText(/^Milk sold/);
    await new Promise((resolve) => setTimeout(resolve, 800));
    view.unmount();
    expect(await readDraft(DRAFT)).toBeNull();
  });
});
