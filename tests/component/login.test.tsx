import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../shared/api.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { AUTH_STORAGE_KEY } from '../../src/core/session/storage.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
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

const FARM = {
  id: 1,
  name: 'Lower Dale Farm',
  units: [
    {
      id: 11,
      name: 'Lower Dale Dairy',
      unit_type_id: 1,
      supports: { mifarm: true, bcms_cts: true },
      packages: [
        {
          id: 21,
          name: 'Moorland Vale Milk Pool Premium',
          reference: 'moorland_vale_milk_premium',
          visible_name: 'Milk Pool Premium',
          provider_id: 3,
          provider_reference: 'moorland_vale',
          provider_name: 'Moorland Vale Dairies',
          features: [],
        },
      ],
    },
  ],
};

/** The login answer is held until the test releases it, so the in-progress state can be seen. */
function heldLogin() {
  let release!: (r: Response) => void;
  const held = new Promise<Response>((r) => (release = r));
  const mock = mockApi([
    [/^\/api\/authenticate\?api_action=login/, () => held],
    [/^\/api\/accounts\/farms\//, () => ok(FARM)],
    [
      /^\/api\/accounts\/units\/11\/summary\/21/,
      () =>
        ok({
          unit: {
            id: 11,
            name: 'Lower Dale Dairy',
            unit_type_id: 1,
            unit_type_name: 'Dairy',
            holding_number: '48/212/0417',
            supports: { mifarm: true, bcms_cts: true },
          },
          farm: {
            id: 1,
            name: 'Lower Dale Farm',
            main_contact: { first_name: 'Tom', last_name: 'Hargreaves', email: 'x', phone: 'y' },
            address: { line1: 'a', line2: null, town: 'b', county: 'c', postcode: 'd' },
          },
          plan: { ...FARM.units[0]?.packages[0], joined_on: '2021-04-01' },
          records: [],
          last_updated_at: null,
        }),
    ],
  ]);
  return { mock, release };
}

beforeEach(() => {
  // The calls every page makes on the side (branding content); a test adds its own on top.
  mockApi([]);
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  useSession.setState({
    user: UNAUTHENTICATED_USER,
    token: null,
    loginStatus: 'idle',
    loginError: null,
  });
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
    const { mock, release } = heldLogin();
    const { location } = renderApp('/login');
    await fillAndSubmit('farmer@example.com', 'secret-password');

    // Disabled as the spec asks, but still focusable (aria-disabled): a second click sends nothing.
    const button = await screen.findByRole('button', { name: /Logging in/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.setup().click(button);
    expect(callsTo(mock, /authenticate/)).toHaveLength(1);

    release(ok(AUTH));
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    // The farm user's farm was loaded by the business id and its only unit and plan selected.
    expect(callsTo(mock, /accounts\/farms/)[0]).toContain('id=1');
    expect(screen.getByLabelText('Current account')).toHaveTextContent('Lower Dale Dairy');
    expect(screen.getByLabelText('Current account')).toHaveTextContent('Milk Pool Premium');
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(AUTH);
  });

  it("shows the server's message above the form and re-enables the button on failure", async () => {
    const { release } = heldLogin();
    renderApp('/login');
    await fillAndSubmit('farmer@example.com', 'wrong');
    release(
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
    const { release } = heldLogin();
    const { location } = renderApp('/dashboard');
    await waitFor(() => {
      expect(location().pathname).toBe('/login');
    });
    expect(location().search).toBe('?returnUrl=%2Fdashboard');
    await fillAndSubmit('farmer@example.com', 'pw');
    release(ok(AUTH));
    await waitFor(() => {
      expect(location().pathname).toBe('/dashboard');
    });
  });

  it('ignores a returnUrl that leaves the site', async () => {
    const { release } = heldLogin();
    const { location } = renderApp('/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('farmer@example.com', 'pw');
    release(ok(AUTH));
    await waitFor(() => {
      expect(location().pathname).toBe('/dashboard');
    });
  });

  it('sends an already logged-in visitor straight to the dashboard', async () => {
    heldLogin();
    useSession.setState({ user: AUTH.user, token: AUTH.auth_token });
    const { location } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'My Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });
});

describe('routes', () => {
  it('redirects the empty path to /login', async () => {
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('shows Page Not Found for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, the page you are trying to access could not be found.'),
    ).toBeInTheDocument();
  });
});
