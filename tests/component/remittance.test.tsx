import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementTotals } from '../../shared/remittance/totals.ts';
import type {
  RemittanceLine,
  RemittanceStatement,
  StatementSummary,
} from '../../shared/remittance/types.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import RemittanceScreen from '../../src/screens/remittance/RemittanceScreen.tsx';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** Remittance Advice for the provider's staff (src/screens/remittance), against a mocked API. */

const LINES: RemittanceLine[] = [
  {
    id: 11,
    position: 1,
    kind: 'load',
    description: 'Load of 2026-10-03: potatoes (Maris Piper), 24.360 t',
    passportNumber: 'FFP-26-000101',
    crop: 'potatoes',
    quantityTonnes: '24.360',
    pencePerTonne: 18250,
    priceBasis: 'Contract 2026, Maris Piper, 45–65 mm at £182.50/t',
    amountPence: 444570,
    vatRateBasisPoints: 0,
    vatTreatment: 'Zero-rated (food)',
  },
  {
    id: 12,
    position: 2,
    kind: 'quality',
    description: 'Re-grade at the packhouse: defects 7.2% over the 5.0% tolerance',
    passportNumber: 'FFP-26-000101',
    crop: 'potatoes',
    quantityTonnes: '0.536',
    pencePerTonne: 18250,
    priceBasis: null,
    amountPence: -14673,
    vatRateBasisPoints: 0,
    vatTreatment: 'Zero-rated (food)',
  },
  {
    id: 13,
    position: 3,
    kind: 'haulage',
    description: 'Haulage by Fenland Fresh Transport, 24.360 t at £7.50/t',
    passportNumber: 'FFP-26-000101',
    crop: 'potatoes',
    quantityTonnes: '24.360',
    pencePerTonne: 750,
    priceBasis: null,
    amountPence: -18270,
    vatRateBasisPoints: 2000,
    vatTreatment: 'Standard rate',
  },
];

const SUMMARY: StatementSummary = {
  id: 42,
  number: 'FFR-202610-00002',
  provider: { id: 3, reference: 'fenland_fresh', name: 'Fenland Fresh Produce' },
  unit: { id: 2, name: 'Highfield Arable', holdingNumber: '39/104/0028' },
  farm: { id: 2, name: 'Highfield Estate' },
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  paymentDate: '2026-11-20',
  loads: 1,
  tonnes: '24.360',
  totals: statementTotals(LINES),
};

const STATEMENT: RemittanceStatement = {
  ...SUMMARY,
  lines: LINES,
  reconciliation: [
    {
      passportNumber: 'FFP-26-000101',
      lineId: 11,
      qc: {
        recordId: 900,
        inspectionDate: '2026-10-03',
        outcome: 'accepted_with_deduction',
        defectsPercent: 7.2,
        bruisingPercent: 3,
        dryMatterPercent: 20.5,
        sizeGrade: '45–65 mm',
        inspector: 'J. Marsh',
      },
      expectedPence: -9782,
      appliedPence: -14673,
      status: 'differs',
      explanation:
        'Grade deduction: defects 7.2% over the 5.0% tolerance, 0.536 t at £182.50/t. Applied -£146.73 against -£97.82 the terms give.',
    },
  ],
};

function renderAt(path: string) {
  const routes = ['/vendor/remittance-advice', '/vendor/remittance-advice/:statement'].map((p) => ({
    path: p,
    element: <RemittanceScreen />,
    handle: { title: 'Remittance Advice', screen: 'remittance', options: {} },
  }));
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {memoryRoutes(routes, path).element}
    </SWRConfig>,
  );
}

const growers = (): [RegExp, () => Response] => [
  /\/api\/remittance\/growers/,
  () => ok([{ id: 2, name: 'Highfield Arable', farmName: 'Highfield Estate' }]),
];

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the statements list', () => {
  it('lists each statement with its grower, period, payment date and totals in pounds, linked to it', async () => {
    mockApi([
      growers(),
      [
        /\/api\/remittance\/statements\?/,
        () => ok({ current_page: 1, records_per_page: 20, total_records: 1, records: [SUMMARY] }),
      ],
    ]);
    renderAt('/vendor/remittance-advice');
    const table = await screen.findByRole('table', { name: '1 statement' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: /^Statement FFR-202610-00002/ })).toHaveAttribute(
      'href',
      '/vendor/remittance-advice/42',
    );
    expect(row).toHaveTextContent('Highfield Arable (Highfield Estate)');
    expect(row).toHaveTextContent('Oct 2026');
    expect(row).toHaveTextContent('20 Nov 2026');
    expect(row).toHaveTextContent('24.360');
    // £4,445.70 − £146.73 − £182.70, and VAT of 20% on −£182.70 rounded towards zero: −£36.54.
    expect(row).toHaveTextContent('£4,116.27');
    expect(row).toHaveTextContent('-£36.54');
    expect(row).toHaveTextContent('£4,079.73');
    expect(screen.getByRole('button', { name: 'Download CSV of Statements' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Statements' })).toBeInTheDocument();
  });

  it('filters by grower and period on the server, back to the first page', async () => {
    const api = mockApi([
      growers(),
      [
        /\/api\/remittance\/statements\?/,
        () => ok({ current_page: 1, records_per_page: 20, total_records: 1, records: [SUMMARY] }),
      ],
    ]);
    const user = userEvent.setup();
    renderAt('/vendor/remittance-advice');
    await screen.findByRole('table');
    const grower = screen.getByRole('combobox', { name: 'Grower' });
    await screen.findByRole('option', { name: 'Highfield Arable (Highfield Estate)' });
    await user.selectOptions(grower, '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'From' }), '2025-10');
    const query = new URL(callsTo(api, /\/statements\?/).at(-1) ?? '', 'http://portal')
      .searchParams;
    expect(query.get('unit')).toBe('2');
    expect(query.get('from')).toBe('2025-10');
    expect(query.get('page')).toBe('1');
  });

  it('says when nothing matches, and when the list could not be read, with a Retry', async () => {
    mockApi([
      growers(),
      [
        /\/api\/remittance\/statements\?/,
        () =>
          json(500, {
            status: false,
            type: 'Server_InternalError',
            type_label: 'Internal Server Error',
            code: 500,
            msg: 'The database is not answering.',
            errors: [],
          }),
      ],
    ]);
    renderAt('/vendor/remittance-advice');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering.');
    expect(within(alert).getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});

describe('a statement', () => {
  it('shows its lines, the totals worked out from them and each load against its QC result', async () => {
    mockApi([[/\/api\/remittance\/statements\/42$/, () => ok(STATEMENT)]]);
    renderAt('/vendor/remittance-advice/42');
    expect(
      await screen.findByRole('heading', { name: 'Remittance statement FFR-202610-00002' }),
    ).toBeInTheDocument();
    expect(screen.getByText('20 November 2026')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: '3 lines of statement FFR-202610-00002' });
    expect(within(lines).getAllByRole('row')).toHaveLength(4);
    expect(
      within(lines).getByRole('row', { name: /Haulage by Fenland Fresh Transport/ }),
    ).toHaveTextContent('-£182.70');
    const totals = screen.getByRole('table', { name: 'Worked out from the lines' });
    expect(within(totals).getByRole('row', { name: /^Gross/ })).toHaveTextContent('£4,445.70');
    expect(within(totals).getByRole('row', { name: /^VAT at 20% on -£182.70/ })).toHaveTextContent(
      '-£36.54',
    );
    expect(within(totals).getByRole('row', { name: /^Net paid/ })).toHaveTextContent('£4,079.73');
    const qc = screen.getByRole('table', { name: 'QC reconciliation of 1 loads' });
    const load = within(qc).getByRole('row', { name: /FFP-26-000101/ });
    expect(load).toHaveTextContent('Accepted with deduction');
    expect(load).toHaveTextContent('Defects 7.2% · Bruising 3% · Dry matter 20.5% · 45–65 mm');
    expect(load).toHaveTextContent('Differs from the QC result');
    expect(
      screen.getByText('1 load differs from its QC result.', { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download CSV of Remittance statement FFR-202610-00002' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All statements' })).toHaveAttribute(
      'href',
      '/vendor/remittance-advice',
    );
  });

  it('fetches nothing for an address that names no statement', async () => {
    const api = mockApi([]);
    renderAt('/vendor/remittance-advice/not-a-number');
    expect(
      await screen.findByText('There is no such statement. Choose one from the list.'),
    ).toBeInTheDocument();
    expect(callsTo(api, /remittance/)).toEqual([]);
  });
});
