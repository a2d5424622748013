import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { AlertsArea } from '../../src/ui/alerts/AlertsArea.tsx';

// A file of its own: the sanitiser (DOMPurify) is not loaded yet when the first alert comes.
describe('the HTML sanitiser, loaded on demand', () => {
  it('shows nothing until it has loaded, then the alert sanitised', async () => {
    render(
      <MemoryRouter>
        <AlertsArea />
      </MemoryRouter>,
    );
    act(() => {
      useAlerts.getState().error('<img src=x onerror=alert(1)><b>Not saved</b>', { autoClose: 0 });
    });
    const area = document.querySelector('[data-alerts-area="default"]');
    expect(area?.innerHTML).toBe('');
    const alert = await screen.findByRole('alert');
    expect(alert.innerHTML).not.toContain('onerror');
    expect(screen.getByText('Not saved').tagName).toBe('B');
  });
});
