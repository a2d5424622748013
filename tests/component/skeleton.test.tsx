import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiUnitListing, ApiUser } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { Skeleton } from '../../src/ui/skeleton/Skeleton.tsx';
import { mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

const BUYER: ApiUser = {
  id: 3,
  type: 'company_employee',
  first_name: 'James',
  last_name: 'Okafor',
  username: 'buyer@example.com',
  business: { id: 3, name: 'Acme Foods', type: 'company', sub_type: 3 },
  provider: { id: 2, reference: 'acme_foods' },
  accessTo: { listUnits: true },
};

const listing = (n: number): ApiUnitListing => ({
  unit_id: 100 + n,
  unit_name: `Unit ${n}`,
  unit_type_id: 1,
  farm_id: 200 + n,
  farm_name: `Farm ${n}`,
  main_contact_first_name: 'A',
  main_contact_last_name: `Surname${n}`,
  address: {
    line1: `${n} Lane`,
    line2: null,
    town: 'Thirsk',
    county: 'North Yorkshire',
    postcode: 'YO7 1AA',
  },
  badges: [],
});

beforeEach(() => {
  useSession.setState({ user: BUYER, token: null });
  useAccount.getState().reset();
});
afterEach(() => {
  useSession.setState({ user: UNAUTHENTICATED_USER });
});

describe('skeleton', () => {
  it('draws a busy status that says "Loading…" with the bars hidden from screen readers', () => {
    const { container } = render(<Skeleton shape="table" columns={3} rows={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status).toHaveAttribute('aria-busy', 'true');
    const shapes = container.querySelector('[aria-hidden="true"]');
    expect(shapes?.getAttribute('data-shape')).toBe('table');
    // A header row and two rows of three bars each.
    expect(shapes?.firstElementChild?.children).toHaveLength(3);
    expect(shapes?.firstElementChild?.children[0]?.children).toHaveLength(3);
  });

  it('shows the units list skeleton while its request is pending, then the rows', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockApi([
      [
        /^\/api\/accounts\/units\?/,
        async () => {
          await pending;
          return ok({
            total_records: 2,
            current_page: 1,
            records_per_page: 10,
            records: [listing(1), listing(2)],
          });
        },
      ],
    ]);
    renderApp('/units/list');
    const status = await screen.findByRole('status', { busy: true });
    expect(status).toHaveTextContent('Loading…');
    expect(screen.queryByRole('list', { name: 'Units' })).not.toBeInTheDocument();

    release();
    const units = await screen.findByRole('list', { name: 'Units' });
    expect(within(units).getAllByRole('heading')).toHaveLength(2);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
