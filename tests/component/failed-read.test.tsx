import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';
import { signedInAsBuyer } from './buyer.ts';

const failure = (code: number, type: string, msg: string) =>
  json(code, { status: false, type, type_label: 'x', code, msg, errors: [] });

const emptyPage = () =>
  ok({ total_records: 0, current_page: 1, records_per_page: 10, records: [] });

signedInAsBuyer();
beforeEach(() => {
  useDialogs.setState({ dialogs: [], progress: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a failed read', () => {
  it('shows inline with a Retry and opens no dialog', async () => {
    let failing = true;
    const api = mockApi([
      [
        /^\/api\/accounts\/units\?/,
        () =>
          failing
            ? failure(500, 'Server_InternalError', 'An unexpected error occurred on the server.')
            : emptyPage(),
      ],
    ]);
    renderApp('/units/list');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The units could not be loaded. An unexpected error occurred on the server.',
    );
    // Give a dialog every chance to open: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useDialogs.getState().dialogs).toEqual([]);

    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There are no units to show.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(api, /accounts\/units/)).toHaveLength(2);
  });

  it('that fails a search shows the failure, not the previous results', async () => {
    mockApi([
      [
        /^\/api\/accounts\/units\?/,
        (url) =>
          url.includes('search=')
            ? failure(400, 'Request_BadRequest', 'Text may not contain NUL characters.')
            : emptyPage(),
      ],
    ]);
    renderApp('/units/list');
    expect(await screen.findByText('There are no units to show.')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('Search units'), 'lease');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The units could not be loaded. Text may not contain NUL characters.',
    );
    expect(screen.queryByText('There are no units to show.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('that answers 401 still ends the session, as before', async () => {
    mockApi([
      [
        /^\/api\/accounts\/units\?/,
        () => failure(401, 'Security_Unauthorised', 'The session has ended.'),
      ],
    ]);
    renderApp('/units/list');
    await waitFor(() => expect(useSession.getState().user).toEqual(UNAUTHENTICATED_USER));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
