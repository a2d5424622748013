import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBranding } from '../../src/core/branding/branding-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  useSession.setState({ user: UNAUTHENTICATED_USER, token: null, loginStatus: 'idle' });
  useBranding.setState({ brand: 'fenland_fresh' });
});
afterEach(() => {
  useBranding.setState({ brand: 'default' });
});

const invalidCredentials = () =>
  json(403, {
    status: false,
    type: 'Security_InvalidCredentials',
    type_label: 'Invalid Credentials',
    code: 403,
    msg: 'The username or password you entered is incorrect.',
    errors: [],
  });

describe('login page', () => {
  it("shows the brand's login message in a side column", async () => {
    mockApi([
      [
        /^\/api\/branding\/fenland_fresh/,
        () =>
          ok({
            contact_us_page_content: null,
            help_page_content: null,
            login_message: '<p>Returns are due by <strong>31 March</strong>.</p>',
          }),
      ],
    ]);
    renderApp('/login');
    const aside = await screen.findByRole('complementary', { name: 'Message from your provider' });
    // Sanitised first: DOMPurify loads with the message.
    await waitFor(() => {
      expect(aside).toHaveTextContent('Returns are due by 31 March.');
    });
    expect(aside.querySelector('strong')).toHaveTextContent('31 March');
  });

  it('has no side column when the brand has no login message', async () => {
    mockApi([]);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => {
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    });
  });

  it('offers the quick-login panel outside production: preset accounts, Fail Login, branding', async () => {
    const api = mockApi([[/^\/api\/authenticate\?api_action=login/, invalidCredentials]]);
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fail Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username or password you entered is incorrect.',
    );
    await user.click(screen.getByRole('button', { name: 'Retailer: Acme Foods' }));
    await screen.findByRole('alert');
    const [, init] =
      api.mock.calls
        .filter(([u]) => typeof u === 'string' && u.includes('api_action=login'))
        .at(-1) ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({
      username: 'buyer@example.com',
      password: 'Harvest-Demo-2026',
    });
    expect(screen.getByRole('link', { name: 'Branding' })).toHaveAttribute('href', '/branding');
    expect(callsTo(api, /api_action=login/)).toHaveLength(2);
  });
});
