import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardDraft, readDraft, type DraftKey } from '../../src/core/drafts/drafts.ts';
import StirCalculatorScreen from '../../src/screens/stir-calculator/StirCalculatorScreen.tsx';
import { LOCAL_KEY_ROUTE, logInForDrafts, logOutOfDrafts } from './draft-session.ts';
import { mockApi } from './mock-api.ts';

/** The STIR calculator's draft with no unit chosen (unit 0). */
const DRAFT: DraftKey = { unitId: 0, kind: 'calculator', formId: 'stir' };

describe('a calculator’s inputs, kept as a draft', () => {
  beforeEach(() => {
    logInForDrafts();
    mockApi([LOCAL_KEY_ROUTE]);
  });
  afterEach(async () => {
    await discardDraft(DRAFT);
    logOutOfDrafts();
    vi.unstubAllGlobals();
  });

  it('keeps nothing while the example is unchanged', async () => {
    const { unmount } = render(<StirCalculatorScreen />);
    await new Promise((resolve) => setTimeout(resolve, 700));
    unmount();
    expect(await readDraft(DRAFT)).toBeNull();
  });

  it('offers changed inputs back on the next visit, and Resume puts them in', async () => {
    const user = userEvent.setup();
    const first = render(<StirCalculatorScreen />);
    const name = screen.getByLabelText('Name of operation 1');
    await user.clear(name);
    await user.type(name, 'Subsoiler');
    await waitFor(async () =>
      expect(JSON.stringify((await readDraft(DRAFT))?.data)).toContain('Subsoiler'),
    );
    first.unmount();

    render(<StirCalculatorScreen />);
    expect(screen.getByLabelText('Name of operation 1')).toHaveValue('Mouldboard plough');
    const offered = await screen.findByRole('region', { name: 'Unsaved draft' });
    expect(offered).toHaveTextContent(/You have an unsaved STIR calculation from \d\d:\d\d/);
    await user.click(within(offered).getByRole('button', { name: 'Resume' }));
    expect(screen.getByLabelText('Name of operation 1')).toHaveValue('Subsoiler');
  });
});
