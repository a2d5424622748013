import { afterEach, beforeEach } from 'vitest';
import type { UnitBadge, ApiUnitListing, ApiUser } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';

/** buyer@example.com as the server answers it: Acme Foods staff who may list units. */
export const BUYER: ApiUser = {
  id: 3,
  type: 'company_employee',
  first_name: 'James',
  last_name: 'Okafor',
  username: 'buyer@example.com',
  business: { id: 3, name: 'Acme Foods', type: 'company', sub_type: 3 },
  provider: { id: 2, reference: 'acme_foods' },
  accessTo: { listUnits: true },
};

/** Unit n of the units list, as GET /api/accounts/units answers it. */
export const unitListing = (n: number, badges: UnitBadge[] = []): ApiUnitListing => ({
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
  badges,
});

/** Each test of the file runs signed in as the buyer with no unit chosen, and signed out after. */
export function signedInAsBuyer(): void {
  beforeEach(() => {
    useSession.setState({ user: BUYER, token: null });
    useAccount.getState().reset();
  });
  afterEach(() => {
    useSession.setState({ user: UNAUTHENTICATED_USER });
  });
}
