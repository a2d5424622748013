import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { loadSanitizer } from '../../src/core/security/use-sanitizer.ts';
import { AlertsArea } from '../../src/ui/alerts/AlertsArea.tsx';

const store = () => useAlerts.getState();
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

function renderToasts() {
  render(
    <MemoryRouter>
      <main>
        <h1>Farm Documents</h1>
      </main>
      <AlertsArea toasts />
    </MemoryRouter>,
  );
  const area = document.querySelector('[data-alerts-area="default"]');
  if (!(area instanceof HTMLElement)) throw new Error('no alerts area');
  return area;
}

// Loaded beforehand, so that the alerts show at once (it loads with the first alert otherwise).
beforeAll(async () => {
  await loadSanitizer();
});
beforeEach(() => {
  vi.useFakeTimers();
  useAlerts.setState({ alerts: [] });
});
afterEach(() => {
  act(() => store().hold('default', false));
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('stack outside the page flow, newest at the bottom', () => {
    const area = renderToasts();
    // The stack is its own layer (position: fixed in its CSS module), apart from <main>.
    expect(area.className).toMatch(/toasts/);
    expect(area.closest('main')).toBeNull();
    act(() => {
      store().success('“a.pdf” was uploaded.');
      store().success('“b.pdf” was uploaded.');
      store().error('“c.pdf” could not be uploaded.');
    });
    expect(
      within(area)
        .getAllByText(/was uploaded|could not/)
        .map((el) => el.textContent),
    ).toEqual(['“a.pdf” was uploaded.', '“b.pdf” was uploaded.', '“c.pdf” could not be uploaded.']);
    // Successes are polite, failures assertive.
    expect(within(area).getAllByRole('status')).toHaveLength(2);
    expect(within(area).getByRole('alert')).toHaveTextContent('“c.pdf” could not be uploaded.');
  });

  it("closes every alert after the spec's 5 seconds unless it says otherwise", () => {
    renderToasts();
    act(() => {
      store().success('Your notification settings were saved.');
      store().error('The settings could not be saved.');
      store().error('The document could not be uploaded.', { autoClose: 0 });
    });
    advance(4999);
    expect(screen.getByText('Your notification settings were saved.')).toBeInTheDocument();
    expect(screen.getByText('The settings could not be saved.')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Your notification settings were saved.')).not.toBeInTheDocument();
    expect(screen.queryByText('The settings could not be saved.')).not.toBeInTheDocument();

    advance(60_000);
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('The document could not be uploaded.');
    fireEvent.click(within(error).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('holds the auto-close while hovered or focused, then gives the time that was left', () => {
    const area = renderToasts();
    act(() => {
      store().success('The monthly record was added.');
    });
    advance(3000);
    fireEvent.pointerEnter(area);
    advance(10_000);
    expect(screen.getByText('The monthly record was added.')).toBeInTheDocument();

    // Focus inside holds it too, after the pointer has gone.
    const close = screen.getByRole('button', { name: 'Close alert' });
    act(() => close.focus());
    fireEvent.pointerLeave(area);
    advance(10_000);
    expect(screen.getByText('The monthly record was added.')).toBeInTheDocument();

    act(() => close.blur());
    advance(1999);
    expect(screen.getByText('The monthly record was added.')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('The monthly record was added.')).not.toBeInTheDocument();
  });

  it('moves focus to the next toast when one is dismissed', () => {
    renderToasts();
    act(() => {
      store().error('First failure');
      store().error('Second failure');
    });
    const [first, second] = screen.getAllByRole('alert');
    if (!first || !second) throw new Error('two alerts expected');
    const closeFirst = within(first).getByRole('button', { name: 'Close alert' });
    act(() => closeFirst.focus());
    fireEvent.click(closeFirst);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(second).getByRole('button', { name: 'Close alert' })).toHaveFocus();
  });
});
