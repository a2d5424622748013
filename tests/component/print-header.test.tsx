import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useBranding } from '../../src/core/branding/branding-store.ts';
import { PrintedAccount } from '../../src/ui/print/PrintedAccount.tsx';
import { PrintHeader } from '../../src/ui/print/PrintHeader.tsx';
import { signedInAsBuyer } from './buyer.ts';

signedInAsBuyer();

const THEME = {
  name: 'acme_foods',
  displayName: 'Acme Foods',
  logo: '/assets/acme-logo.svg',
  logoAlt: 'Acme Foods',
  display: { hideUnitBadges: false, hideSchemeLabel: false },
  css: '',
  fonts: [],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:05:00Z'));
  useBranding.setState({ theme: THEME });
});
afterEach(() => {
  vi.useRealTimers();
  useBranding.setState({ theme: null });
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PrintHeader account={<PrintedAccount />} />
    </MemoryRouter>,
  );

describe('PrintHeader', () => {
  it("carries the brand's logo, the unit and plan, and the printed-from line", () => {
    useAccount.setState({
      unit: {
        id: 101,
        name: 'Unit 1',
        unit_type_id: 1,
        supports: { mifarm: false, bcms_cts: false },
        packages: [],
      },
      plan: {
        id: 7,
        name: 'acme_beef',
        reference: 'acme_beef',
        visible_name: 'Acme Beef Scheme',
        provider_id: 2,
        provider_reference: 'acme_foods',
        provider_name: 'Acme Foods',
        features: [],
      },
    });
    renderAt('/units/list?search=dale');
    expect(screen.getByRole('img', { name: 'Acme Foods' })).toHaveAttribute(
      'src',
      '/assets/acme-logo.svg',
    );
    expect(screen.getByText('Unit 1 · Acme Beef Scheme')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Printed from FarmData Portal ${window.location.origin}/units/list?search=dale by James Okafor on 24 Nov 2026 09:05 UTC`,
      ),
    ).toBeInTheDocument();
  });

  it('takes the time again when the browser starts to print', () => {
    renderAt('/units/list');
    vi.setSystemTime(new Date('2026-11-24T17:45:00Z'));
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText(/on 24 Nov 2026 17:45 UTC$/)).toBeInTheDocument();
  });
});
