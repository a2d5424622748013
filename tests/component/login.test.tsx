import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../../shared/api.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { AUTH_STORAGE_KEY } from '../../src/core/session/storage.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { renderApp } from './render-app.tsx';

const AUTH: AuthResponse = {
  user: {
    id: 1,
    type: 'farm_employee',
    first_name: 'Tom',
    last_name: 'Hargreaves',
    username: 'farmer@example.com',
    business: { id: 1, name: 'Hargreaves Farming Ltd', type: 'farm', sub_type: 0 },
    provider: null,
    accessTo: {},
  },
  auth_token: {
    key: 'k'.repeat(32),
    secret: 's'.repeat(43),
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  },
};

function deferredFetch() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  const mock = vi.fn<typeof fetch>().mockReturnValue(promise);
  vi.stubGlobal('fetch', mock);
  return { mock, resolve };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  useSession.setState({
    user: UNAUTHENTICATED_USER,
    token: null,
    loginStatus: 'idle',
    loginError: null,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login', () => {
  it('shows the form with an e-mail username and a password field', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('disables the button while the login is in progress, then lands on the dashboard', async () => {
    const { mock, resolve } = deferredFetch();
    const { router } = renderApp('/login');
    await fillAndSubmit('farmer@example.com', 'secret-password');

    const button = await screen.findByRole('button', { name: /Logging in/ });
    expect(button).toBeDisabled();
    expect(mock).toHaveBeenCalledTimes(1);
    expect(mock.mock.calls[0]?.[0]).toBe('/api/authenticate?api_action=login');

    resolve(json(200, { status: true, data: AUTH }));
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Hargreaves Farming Ltd')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(AUTH);
  });

  it("shows the server's message above the form and re-enables the button on failure", async () => {
    const { resolve } = deferredFetch();
    renderApp('/login');
    await fillAndSubmit('farmer@example.com', 'wrong');
    resolve(
      json(403, {
        status: false,
        type: 'Security_InvalidCredentials',
        type_label: 'Invalid Credentials',
        code: 403,
        msg: 'The username or password you entered is incorrect.',
        errors: [],
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username or password you entered is incorrect.',
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('returns to the wanted page after login when returnUrl is a same-origin path', async () => {
    const { resolve } = deferredFetch();
    const { router } = renderApp('/dashboard');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toBe('?returnUrl=%2Fdashboard');
    await fillAndSubmit('farmer@example.com', 'pw');
    resolve(json(200, { status: true, data: AUTH }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  it('ignores a returnUrl that leaves the site', async () => {
    const { resolve } = deferredFetch();
    const { router } = renderApp('/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('farmer@example.com', 'pw');
    resolve(json(200, { status: true, data: AUTH }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  it('sends an already logged-in visitor straight to the dashboard', async () => {
    useSession.setState({ user: AUTH.user, token: AUTH.auth_token });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('routes', () => {
  it('redirects the empty path to /login', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Page Not Found for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, the page you are trying to access could not be found.'),
    ).toBeInTheDocument();
  });
});
