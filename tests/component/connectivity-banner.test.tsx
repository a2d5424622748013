import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetLastSync,
  reachedServer,
  useConnectivity,
} from '../../src/core/connectivity/connectivity-store.ts';
import { formatSyncTime } from '../../src/core/format/sync-time.ts';
import { shownFromDevice, useDeviceCopies } from '../../src/core/read-cache/device-copies.ts';
import { ConnectivityBanner } from '../../src/ui/connectivity/ConnectivityBanner.tsx';
import { DeviceCopyNote } from '../../src/ui/connectivity/DeviceCopyNote.tsx';

/** The banner that owns up to being offline, and the note on a page shown from this device. */

const at = (text: string) => new Date(text).getTime();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T16:30:00'));
  reachedServer(at('2026-11-27T14:02:00'));
  useConnectivity.setState({ reconnected: false });
  useDeviceCopies.setState({ copies: {} });
});
afterEach(() => {
  vi.useRealTimers();
  forgetLastSync();
});

describe('the connectivity banner', () => {
  it('is a polite live region, with no status in it while online', () => {
    const { container } = render(<ConnectivityBanner />);
    expect(container.firstElementChild).toHaveAttribute('aria-live', 'polite');
    expect(container.firstElementChild).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the portal is offline, with the last sync, and is gone once back online', () => {
    const { container } = render(<ConnectivityBanner />);
    act(() => useConnectivity.setState({ offline: 'browser' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Last synced today at 14:02.',
    );

    act(() => reachedServer());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Said to screen readers only, in the same live region: the visible banner has gone.
    expect(container.firstElementChild).toHaveTextContent('Back online.');
    expect(screen.getByText('Back online.')).toHaveClass('visually-hidden');
  });

  it('says when the server cannot be reached, and when nothing was ever synced here', () => {
    forgetLastSync();
    useConnectivity.setState({ offline: 'server' });
    render(<ConnectivityBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The portal cannot reach its server. Nothing has been synced on this device yet.',
    );
  });

  it('says what it is given (the outbox’s pending writes) in its live region, online too', () => {
    render(
      <ConnectivityBanner>
        <p role="status">2 changes waiting to be sent</p>
      </ConnectivityBanner>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^2 changes waiting to be sent$/);
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
  });
});

describe('the sync time', () => {
  const now = at('2026-11-27T16:30:00');
  it.each([
    ['2026-11-27T14:02:00', 'today at 14:02'],
    ['2026-11-26T09:15:00', 'yesterday at 09:15'],
    ['2026-10-03T08:00:00', 'on 3 October at 08:00'],
    ['2025-12-30T08:00:00', 'on 30 December 2025 at 08:00'],
  ])('%s is said as “%s”', (when, said) => {
    expect(formatSyncTime(at(when), now, 'en-GB')).toBe(said);
  });
});

describe('the note on a page shown from this device', () => {
  const page = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <DeviceCopyNote />
      </MemoryRouter>,
    );

  it('says “as of” the oldest copy the page shows', () => {
    shownFromDevice('/records?page=1', at('2026-11-27T14:02:00'), '/unit/records/monthly');
    shownFromDevice('/records/summary', at('2026-11-27T15:00:00'), '/unit/records/monthly');
    shownFromDevice('/dashboard', at('2026-11-20T15:00:00'), '/dashboard');
    page('/unit/records/monthly');
    expect(
      screen.getByText('Saved on this device: shown as of today at 14:02.'),
    ).toBeInTheDocument();
  });

  it('is not there when the page’s data came from the server', () => {
    shownFromDevice('/dashboard', at('2026-11-20T15:00:00'), '/dashboard');
    const { container } = page('/unit/records/monthly');
    expect(container).toBeEmptyDOMElement();
  });
});
