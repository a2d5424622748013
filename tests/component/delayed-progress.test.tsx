import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DELAY_MS, withDelayedProgress } from '../../src/core/dialogs/delayed-progress.ts';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';
import { DelayedProgress } from '../../src/ui/progress/ProgressBar.tsx';

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

/** Work that ends when the test says. */
function held<T>() {
  let finish: (value: T) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => promise,
    finish: (value: T) => finish(value),
    fail: (e: unknown) => fail(e),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  useDialogs.setState({ dialogs: [], progress: null });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('DelayedProgress', () => {
  it('shows nothing for the first second of a wait, then an indeterminate progress bar', () => {
    const { rerender } = render(<DelayedProgress active label="Building the report…" />);
    advance(PROGRESS_DELAY_MS - 1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    advance(1);
    const bar = screen.getByRole('progressbar', { name: 'Building the report…' });
    expect(bar).not.toHaveAttribute('value');

    rerender(<DelayedProgress active={false} label="Building the report…" />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // A new wait starts its second afresh rather than flashing the bar at once.
    rerender(<DelayedProgress active label="Building the report…" />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    advance(PROGRESS_DELAY_MS);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('never shows for a wait shorter than a second', () => {
    const { rerender } = render(<DelayedProgress active label="Saving the record…" />);
    advance(400);
    rerender(<DelayedProgress active={false} label="Saving the record…" />);
    advance(5000);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('withDelayedProgress', () => {
  it('opens the progress dialog only once the work passes a second, and closes it after', async () => {
    render(<DialogHost />);
    const { work, finish } = held<string>();
    const result = withDelayedProgress('Preparing the export…', work);
    advance(PROGRESS_DELAY_MS - 1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('progressbar', { name: 'Preparing the export…' })).toBeInTheDocument();
    await act(async () => {
      finish('done');
      await result;
    });
    await expect(result).resolves.toBe('done');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('opens nothing for quick work, and closes the dialog when the work fails', async () => {
    render(<DialogHost />);
    await act(() => withDelayedProgress('Quick', () => Promise.resolve(1)));
    advance(5000);
    expect(useDialogs.getState().progress).toBeNull();

    const { work, fail } = held<never>();
    const failing = withDelayedProgress('Slow', work);
    advance(PROGRESS_DELAY_MS);
    expect(useDialogs.getState().progress).toBe('Slow');
    await act(async () => {
      fail(new Error('no'));
      await failing.catch(() => undefined);
    });
    await expect(failing).rejects.toThrow('no');
    expect(useDialogs.getState().progress).toBeNull();
  });
});
