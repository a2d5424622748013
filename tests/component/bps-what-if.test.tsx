import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import BpsWhatIfScreen from '../../src/screens/bps-what-if/BpsWhatIfScreen.tsx';

describe('BPS What If?', () => {
  it("gives AHDB's arable farm's 2024 delinked payment from its three payments, band by band", async () => {
    render(<BpsWhatIfScreen />);
    await userEvent.selectOptions(screen.getByLabelText('Scheme year'), '2024');
    await userEvent.click(screen.getByLabelText(/Work it out from my 2020, 2021 and 2022/));
    await userEvent.type(screen.getByLabelText('BPS payment received for 2020'), '104850');
    await userEvent.type(screen.getByLabelText('BPS payment received for 2021'), '90380');
    await userEvent.type(screen.getByLabelText('BPS payment received for 2022'), '74653');
    // Facts file §2.3, example 1: £37,986.35.
    expect(screen.getByTestId('bps-payment').textContent).toBe('£37,986.35');
    const table = screen.getByRole('table', { name: /Each band’s slice in 2024/ });
    const first = within(table).getByRole('rowheader', { name: 'Up to £30,000.00' }).closest('tr');
    expect(first?.textContent).toContain('£30,000.00');
    expect(first?.textContent).toContain('50%');
    expect(first?.textContent).toContain('£15,000.00');
  });

  it('cuts £80,000 in 2023 to £46,500 and notes AHDB’s 2025 variant', async () => {
    render(<BpsWhatIfScreen />);
    await userEvent.selectOptions(screen.getByLabelText('Scheme year'), '2023');
    await userEvent.type(screen.getByLabelText('BPS payment before reductions'), '80000');
    expect(screen.getByTestId('bps-payment').textContent).toBe('£46,500.00');

    await userEvent.selectOptions(screen.getByLabelText('Scheme year'), '2025');
    await userEvent.click(screen.getByLabelText(/Work it out from my 2020, 2021 and 2022/));
    await userEvent.type(screen.getByLabelText('BPS payment received for 2020'), '23300');
    await userEvent.type(screen.getByLabelText('BPS payment received for 2021'), '22135');
    await userEvent.type(screen.getByLabelText('BPS payment received for 2022'), '18640');
    expect(screen.getByTestId('bps-payment').textContent).toBe('£5,126.00');
    expect(screen.getByText(/AHDB’s published tables/).textContent).toContain('£5,592.00');
  });
});

describe('BPS What If? years compared', () => {
  it('shows the same reference amount in each delinked year', async () => {
    render(<BpsWhatIfScreen />);
    await userEvent.type(screen.getByLabelText(/^Reference amount/), '40000');
    // Facts file §2.3: £40,000 gives £19,500 in 2024 and £7,200 in 2025.
    const table = screen.getByRole('table', {
      name: 'The same reference amount in each delinked year',
    });
    const payment = (year: string) =>
      within(table).getByRole('rowheader', { name: year }).closest('tr')?.textContent ?? '';
    expect(payment('2024')).toContain('£19,500.00');
    expect(payment('2025')).toContain('£7,200.00');
    expect(payment('2026')).toContain('£600.00');
  });
});
