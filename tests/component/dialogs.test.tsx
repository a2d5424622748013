import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/core/api/errors.ts';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { reportError } from '../../src/core/errors/report-error.ts';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';

beforeEach(() => {
  vi.restoreAllMocks();
  useDialogs.setState({ dialogs: [], progress: null });
});

describe('dialogs', () => {
  it('resolves a confirm true on its button and false on Cancel', async () => {
    render(<DialogHost />);
    const user = userEvent.setup();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = useDialogs.getState().confirm({
        title: 'Logout?',
        message: 'Are you sure you want to logout?',
        confirmLabel: 'Logout',
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Logout?' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => {
      answer = useDialogs
        .getState()
        .confirm({ title: 'Delete?', message: 'Sure?', style: 'danger' });
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
  });

  it('shows a reported 406 as "Validation Error(s)" with a bulleted list and a Close button', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<DialogHost />);
    act(() => {
      reportError(
        new ApiError(406, {
          status: false,
          type: 'Request_ValidationFailed',
          type_label: 'Validation Failed',
          code: 406,
          msg: 'The monthly record could not be saved: correct the fields listed and try again.',
          errors: { month: ['is required'], cows_in_milk: ['must be >= 0'] },
        }),
      );
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Validation Error(s)' });
    expect(dialog).toHaveTextContent('correct the fields listed');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'month is required',
      'cows_in_milk must be >= 0',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('logs HTTP errors as warnings and other errors as errors', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError(new ApiError(404, null));
    reportError(new TypeError('x is undefined'));
    expect(warn).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
    expect(useDialogs.getState().dialogs.map((d) => d.title)).toEqual([
      'Error: Not Found',
      'Unknown Error',
    ]);
    warn.mockRestore();
    error.mockRestore();
  });

  it('opens and closes the progress dialog, and closing when none is open does nothing', () => {
    render(<DialogHost />);
    act(() => useDialogs.getState().hideProgress());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => useDialogs.getState().showProgress('Saving…'));
    expect(screen.getByRole('progressbar', { name: 'Saving…' })).toBeInTheDocument();
    act(() => useDialogs.getState().hideProgress());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
