import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConditionGate } from '../../src/app/ConditionGate.tsx';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { mockApi } from './mock-api.ts';

/**
 * Offline with an account this device never read, what the user may use is unknown: a route's
 * gate says so plainly instead of "not part of your current plan".
 */

const NOT_OPENED =
  'This page has not been opened on this device yet. It will load when you are back online.';

function gate() {
  render(
    <MemoryRouter initialEntries={['/unit/records/monthly']}>
      <Routes>
        <Route element={<ConditionGate condition="records_monthly" />}>
          <Route path="/unit/records/monthly" element={<p>The monthly records</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // The flags read the brand's content (help and contact pages): answered, and nothing else.
  mockApi([]);
  useSession.setState({
    user: {
      id: 5,
      type: 'farm_employee',
      first_name: 'Tom',
      last_name: 'Hughes',
      username: 'farmer@example.com',
      business: { id: 8, name: 'Highfield', type: 'farm', sub_type: 1 },
      provider: null,
      accessTo: {},
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAccount.getState().reset();
  useSession.setState({ user: UNAUTHENTICATED_USER, token: null });
});

describe('a route’s gate', () => {
  it('offline with the account unknown, says the page was not opened here, not that it is missing', () => {
    useAccount.setState({ unknownOffline: true });
    gate();
    expect(screen.getByRole('heading', { name: 'Not available offline' })).toBeInTheDocument();
    expect(screen.getByText(NOT_OPENED)).toBeInTheDocument();
    expect(screen.queryByText(/not part of your current plan/)).not.toBeInTheDocument();
  });

  it('with the account known, still says a feature is not in the plan when it is not', () => {
    gate();
    expect(screen.getByText(/not part of your current plan or account/)).toBeInTheDocument();
  });
});
