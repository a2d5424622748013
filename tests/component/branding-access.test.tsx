import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiFarm, ApiPackage } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER, type User } from '../../src/core/session/user.ts';
import { mockApi } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

/** adviser@example.com: Fenland Fresh staff, business sub type 0, listUnits and viewFarmDetails. */
const ADVISER: User = {
  id: 5,
  type: 'company_employee',
  first_name: 'Gareth',
  last_name: 'Lewis',
  username: 'adviser@example.com',
  business: { id: 40, name: 'Fenland Fresh Field Advisory', type: 'company', sub_type: 0 },
  provider: { id: 1, reference: 'fenland_fresh' },
  accessTo: { listUnits: true, viewFarmDetails: true },
};

const PLAN: ApiPackage = {
  id: 1,
  name: 'Fenland Growers',
  reference: 'fenland_growers',
  visible_name: 'Fenland Growers',
  provider_id: 1,
  provider_reference: 'fenland_fresh',
  provider_name: 'Fenland Fresh',
  features: ['submissions', 'technical_resources', 'newsfeed'],
};
const FARM: ApiFarm = {
  id: 2,
  name: 'Farm 2',
  units: [
    {
      id: 2,
      name: 'Home Unit',
      unit_type_id: 1,
      supports: { mifarm: false, bcms_cts: false },
      packages: [PLAN],
    },
  ],
};

beforeEach(() => {
  useAccount.getState().reset();
});
afterEach(() => {
  useSession.setState({ user: UNAUTHENTICATED_USER });
  useAccount.getState().reset();
});

/** The row of a route in the "Why is it hidden?" table. */
async function rowOf(path: string) {
  const table = await screen.findByRole('table', { name: /protected routes/ });
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${path}\\b`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${path}`);
  return row;
}

describe('/branding: Why is it hidden?', () => {
  it('lists every protected route for adviser@ with no unit, with file#pointer and reason', async () => {
    useSession.setState({ user: ADVISER, token: null });
    mockApi([]);
    renderApp('/branding');
    expect(await screen.findByRole('heading', { name: 'Why is it hidden?' })).toBeVisible();

    const knowledge = await rowOf('/knowledge-exchange');
    expect(within(knowledge).getByRole('cell', { name: 'Hidden' })).toBeInTheDocument();
    expect(knowledge).toHaveTextContent(
      'config/rules.json#/rules/knowledge-exchange/condition/any/1/all/2',
    );
    expect(knowledge).toHaveTextContent(
      "needs the flag company_technical_resources (Knowledge exchange for company staff; a user permission from accessTo: the user's accessTo does not allow company_technical_resources)",
    );
    expect(knowledge).toHaveTextContent('Any one of these would do:');
    expect(knowledge).toHaveTextContent(
      /Menu link “Documents › Knowledge Exchange”.*hidden, as its route is/,
    );

    const units = await rowOf('/units/list');
    expect(within(units).getByRole('cell', { name: 'Shown' })).toBeInTheDocument();
    // Public routes are not listed; the user and state are.
    expect(screen.queryByRole('rowheader', { name: /^\/login\b/ })).not.toBeInTheDocument();
    expect(screen.getByText('adviser@example.com')).toBeInTheDocument();
  });

  it("explains with the current unit and plan: Knowledge Exchange shows, Load Passports' sub types do not", async () => {
    useSession.setState({ user: ADVISER, token: null });
    useAccount.setState({ farm: FARM, unit: FARM.units[0] ?? null, plan: PLAN });
    mockApi([]);
    renderApp('/branding');

    const knowledge = await rowOf('/knowledge-exchange');
    expect(within(knowledge).getByRole('cell', { name: 'Shown' })).toBeInTheDocument();
    const passports = await rowOf('/unit/records/forms/list/load-passport');
    expect(passports).toHaveTextContent('config/records/load-passport.json#/access/all/4');
    expect(passports).toHaveTextContent('needs the flag business_role:118');
    expect(screen.getByText('Home Unit (2)')).toBeInTheDocument();
    expect(screen.getByText('Fenland Growers (1)')).toBeInTheDocument();
  });

  it('asks a visitor who is not signed in to sign in', async () => {
    useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
    mockApi([]);
    renderApp('/branding');
    expect(
      await screen.findByText(/Sign in to see which pages are shown to you/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
