import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { loadSanitizer } from '../../src/core/security/use-sanitizer.ts';
import { AlertsArea } from '../../src/ui/alerts/AlertsArea.tsx';

function NavigateButton({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      Go to {to}
    </button>
  );
}

function renderAreas(...areas: string[]) {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <NavigateButton to="/next" />
      <NavigateButton to="/last" />
      {areas.map((area) => (
        <section key={area} aria-label={`${area} alerts`}>
          <AlertsArea displayTo={area} />
        </section>
      ))}
    </MemoryRouter>,
  );
}

const store = () => useAlerts.getState();

// The sanitiser loads with the first alert shown (tests/component/sanitizer-on-demand.test.tsx);
// loaded beforehand here, alerts show at once.
beforeAll(async () => {
  await loadSanitizer();
});
beforeEach(() => {
  useAlerts.setState({ alerts: [] });
});

describe('AlertsArea', () => {
  it('shows errors and warnings as alerts, successes and information as status', () => {
    renderAreas('default');
    act(() => {
      store().error('Could not save', { autoClose: 0 });
      store().warn('Check the dates', { autoClose: 0 });
      store().success('Saved', { autoClose: 0 });
      store().info('Syncing', { autoClose: 0 });
    });
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Could not save×',
      'Check the dates×',
    ]);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      'Saved×',
      'Syncing×',
    ]);
    expect(screen.getAllByRole('button', { name: 'Close alert' })).toHaveLength(4);
  });

  it('sanitises the HTML message and keeps its harmless markup', () => {
    renderAreas('default');
    act(() => {
      store().success('<img src=x onerror=alert(1)><b>Saved</b>', { autoClose: 0 });
    });
    const status = screen.getByRole('status');
    expect(status.querySelector('[onerror]')).toBeNull();
    expect(status.innerHTML).not.toContain('onerror');
    const bold = within(status).getByText('Saved');
    expect(bold.tagName).toBe('B');
  });

  it('removes an alert when its close button is pressed', async () => {
    const user = userEvent.setup();
    renderAreas('default');
    act(() => {
      store().error('First', { autoClose: 0 });
      store().error('Second', { autoClose: 0 });
    });
    const first = screen.getByText('First').closest('[role="alert"]');
    expect(first).not.toBeNull();
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('marks a fading alert while it fades out', async () => {
    const user = userEvent.setup();
    renderAreas('default');
    act(() => {
      store().info('Fading', { autoClose: 0, fade: true });
    });
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.getByRole('status').className).toMatch(/fading/);
    expect(await screen.findByText('Fading')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText('Fading')).not.toBeInTheDocument();
  });

  it('clears alerts on navigation, keeping keepAfterRouteChange ones for one change', async () => {
    const user = userEvent.setup();
    renderAreas('default');
    act(() => {
      store().success('Goes on navigation', { autoClose: 0 });
      store().success('Survives one navigation', { autoClose: 0, keepAfterRouteChange: true });
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Go to /next' }));
    expect(screen.queryByText('Goes on navigation')).not.toBeInTheDocument();
    expect(screen.getByText('Survives one navigation')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to /last' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not clear alerts on first render', () => {
    store().success('Before mount', { autoClose: 0 });
    renderAreas('default');
    expect(screen.getByText('Before mount')).toBeInTheDocument();
  });

  it('keeps displayTo areas separate', () => {
    renderAreas('default', 'form');
    act(() => {
      store().success('Page saved', { autoClose: 0 });
      store().error('Form invalid', { autoClose: 0, displayTo: 'form' });
    });
    const page = screen.getByRole('region', { name: 'default alerts' });
    const form = screen.getByRole('region', { name: 'form alerts' });
    expect(within(page).getByText('Page saved')).toBeInTheDocument();
    expect(within(page).queryByText('Form invalid')).not.toBeInTheDocument();
    expect(within(form).getByText('Form invalid')).toBeInTheDocument();
    expect(within(form).queryByText('Page saved')).not.toBeInTheDocument();

    act(() => {
      store().alert({ type: 'Clear', displayTo: 'form' });
    });
    expect(screen.queryByText('Form invalid')).not.toBeInTheDocument();
    expect(screen.getByText('Page saved')).toBeInTheDocument();
  });

  it('counts one navigation once when two areas see it', async () => {
    const user = userEvent.setup();
    renderAreas('default', 'form');
    act(() => {
      store().info('Kept once', { autoClose: 0, keepAfterRouteChange: true });
    });
    await user.click(screen.getByRole('button', { name: 'Go to /next' }));
    expect(screen.getByText('Kept once')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to /last' }));
    expect(screen.queryByText('Kept once')).not.toBeInTheDocument();
  });
});
