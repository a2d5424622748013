import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiUnitListing, ApiUnitsPage, UnitBadge } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { callsTo, mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';
import { BUYER, signedInAsBuyer, unitListing } from './buyer.ts';

const BADGES: UnitBadge[] = [
  { kind: 'unit_type', label: 'Dairy' },
  { kind: 'plan', label: 'Acme Milk' },
];
const listing = (n: number) => unitListing(n, BADGES);

/** The list as the server answers it: `all` units, of which it counts up to `cap`. */
function unitsPage(url: string, all: ApiUnitListing[], cap = 1000): ApiUnitsPage {
  const page = Number(new URL(url, 'http://x').searchParams.get('page'));
  const records = all.slice((page - 1) * 10, page * 10);
  return {
    total_records: Math.min(all.length, cap),
    total_capped: all.length > cap,
    current_page: page,
    records_per_page: 10,
    records,
    next_after: page * 10 < all.length ? `after-${String(page)}` : null,
  };
}

function serveUnits() {
  return mockApi([
    [
      /^\/api\/accounts\/units\?/,
      (url) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        const all = search ? [listing(7)] : Array.from({ length: 23 }, (_, i) => listing(i + 1));
        return ok(unitsPage(url, all));
      },
    ],
    [
      /^\/api\/accounts\/farms\//,
      () =>
        ok({
          id: 207,
          name: 'Farm 7',
          units: [
            {
              id: 107,
              name: 'Unit 7',
              unit_type_id: 1,
              supports: { mifarm: false, bcms_cts: false },
              packages: [],
            },
            {
              id: 108,
              name: 'Unit 7b',
              unit_type_id: 1,
              supports: { mifarm: false, bcms_cts: false },
              packages: [],
            },
          ],
        }),
    ],
  ]);
}

signedInAsBuyer();

describe('units list', () => {
  it('lists units with badges, contact surname and address, paged ten at a time', async () => {
    const api = serveUnits();
    renderApp('/units/list');
    const units = await screen.findByRole('list', { name: 'Units' });
    expect(within(units).getAllByRole('heading')).toHaveLength(10);
    expect(screen.getByText('23 units')).toBeInTheDocument();
    expect(within(units).getByText('Farm 1 · Surname1')).toBeInTheDocument();
    expect(within(units).getByText('1 Lane, Thirsk, North Yorkshire, YO7 1AA')).toBeInTheDocument();
    expect(within(units).getAllByText('Acme Milk')).toHaveLength(10);

    const pages = screen.getByRole('navigation', { name: 'Units pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page/ })).toHaveLength(3);
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { name: 'Unit 21' })).toBeInTheDocument();
    // The search box settling after the first render must not send the user back to page 1.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('heading', { name: 'Unit 21' })).toBeInTheDocument();
    expect(callsTo(api, /accounts\/units/).at(-1)).toContain('page=3&per_page=10');
  });

  it('searches once typing pauses and says when nothing matches', async () => {
    const api = serveUnits();
    renderApp('/units/list');
    await screen.findByRole('list', { name: 'Units' });
    await userEvent.setup().type(screen.getByLabelText('Search units'), 'Surname7');
    expect(await screen.findByText('1 unit matching “Surname7”')).toBeInTheDocument();
    const searches = callsTo(api, /search=/);
    expect(searches).toEqual(['/api/accounts/units?search=Surname7&page=1&per_page=10']);
  });

  it('says "1,000+ units" when the server stopped counting at its cap', async () => {
    const many = Array.from({ length: 1203 }, (_, i) => listing(i + 1));
    mockApi([[/^\/api\/accounts\/units\?/, (url) => ok(unitsPage(url, many))]]);
    renderApp('/units/list');
    await screen.findByRole('list', { name: 'Units' });
    expect(screen.getByText('1,000+ units')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('Search units'), 'farm');
    expect(await screen.findByText('1,000+ units matching “farm”')).toBeInTheDocument();
  });

  it('opens a unit: loads its farm, selects the unit and goes to the dashboard', async () => {
    serveUnits();
    const { location } = renderApp('/units/list');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open Unit 7' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/dashboard');
    });
    expect(useAccount.getState().unit?.id).toBe(107);
    expect(
      await screen.findByRole('heading', { name: 'Current Unit Dashboard' }),
    ).toBeInTheDocument();
  });

  it('shows a user without listUnits a clear page instead of the list (the route condition)', async () => {
    const api = mockApi([]);
    useSession.setState({ user: { ...BUYER, accessTo: {} } });
    renderApp('/units/list');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeInTheDocument();
    expect(
      screen.getByText('This feature is not part of your current plan or account.'),
    ).toBeInTheDocument();
    expect(callsTo(api, /accounts\/units/)).toEqual([]);
  });
});
