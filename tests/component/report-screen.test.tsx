import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportResult } from '../../shared/reports/result.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import ReportsScreen from '../../src/screens/reports/ReportsScreen.tsx';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** The one report screen, laying out whatever report the server works out (shared/reports). */

const UNIT = {
  id: 7,
  name: 'Highfield Beef',
  unit_type_id: 2,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};

function renderReport(kind: string, title: string) {
  const router = memoryRoutes(
    [{ path: '/report', element: <ReportsScreen />, handle: { title, options: { kind } } }],
    '/report',
  );
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {router.element}
    </SWRConfig>,
  );
}

const base: Omit<ReportResult, 'headlines' | 'tables' | 'charts' | 'checks' | 'lists'> = {
  id: 'annual-check',
  title: 'Annual Records Check',
  description: 'Figures of the Annual Records worked out from the others entered beside them.',
  grain: 'year',
  range: { from: '2017', to: '2026' },
  sources: [{ recordType: 'annual', records: 2 }],
  empty: false,
};

const checked: ReportResult = {
  ...base,
  headlines: [
    {
      id: 'output',
      title: 'Output',
      value: 900_000,
      unit: '£',
      decimals: 0,
      from: '2025',
      to: '2026',
      recorded: 2,
      spanned: 2,
    },
    {
      id: 'area',
      title: 'Farmed',
      value: 250,
      unit: 'ha',
      decimals: 1,
      from: '2024',
      to: '2026',
      recorded: 2,
      spanned: 3,
    },
  ],
  checks: [
    {
      title: 'Net profit',
      unit: '£',
      decimals: 0,
      computedTitle: 'Net profit worked out',
      enteredTitle: 'Net profit entered',
      rows: [
        {
          period: '2026',
          computed: 455_000,
          entered: 330_000,
          difference: -125_000,
          flagged: true,
        },
        { period: '2025', computed: 150_000, entered: 150_000, difference: 0, flagged: false },
      ],
    },
  ],
  tables: [
    {
      id: 'years',
      title: 'Year by year, newest first',
      dimensions: [{ key: 'period', title: 'Year ended' }],
      columns: [
        { key: 'output', title: 'Output', unit: '£', decimals: 0 },
        { key: 'farmed', title: 'Farmed', unit: 'ha', decimals: 1 },
      ],
      rows: [
        { key: '2026', dimensions: ['2026'], values: [900_000, 250] },
        { key: '2025', dimensions: ['2025'], values: [800_000, null] },
      ],
      print: 'portrait',
    },
  ],
  charts: [],
  lists: [],
};

beforeEach(() => {
  useAccount.setState({ unit: UNIT });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  vi.restoreAllMocks();
});

describe('the report screen', () => {
  it('shows headlines with their periods, flags a check that differs, and tables with units', async () => {
    const api = mockApi([[/\/api\/units\/7\/reports\/annual-check/, () => ok(checked)]]);
    renderReport('annual-check', 'Annual Records Check');
    expect(screen.getByRole('heading', { name: 'Annual Records Check' })).toBeInTheDocument();
    const flagged = await screen.findByRole('table', { name: 'Check: Net profit' });
    expect(within(flagged).getByRole('row', { name: /2026/ })).toHaveTextContent(
      'Differs: £455,000 worked out, £330,000 entered',
    );
    expect(within(flagged).getByRole('row', { name: /2026/ })).toHaveTextContent('-£125,000');
    expect(within(flagged).getByRole('row', { name: /2025/ })).toHaveTextContent('Agrees');

    const headlines = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(headlines).toEqual(['£900,000', '250.0 ha']);
    expect(screen.getByText('2024 to 2026, 2 of 3 recorded')).toBeInTheDocument();

    const years = screen.getByRole('table', { name: 'Year by year, newest first' });
    expect(within(years).getByRole('columnheader', { name: 'Farmed (ha)' })).toBeInTheDocument();
    // A missing figure is a dash, never 0.
    expect(within(years).getByRole('row', { name: /2025/ })).toHaveTextContent('£800,000—');

    // Its CSV comes from the server for the periods on screen; Print prints the page.
    expect(
      screen.getByRole('button', { name: 'Download CSV of Annual Records Check' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Annual Records Check' })).toBeInTheDocument();

    // The periods picked go to the server.
    const picker = screen.getByRole('form', { name: 'Periods shown' });
    const from = within(picker).getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2020');
    await userEvent.click(within(picker).getByRole('button', { name: 'Show' }));
    expect(callsTo(api, /reports\/annual-check/).at(-1)).toContain('from=2020');
    expect(callsTo(api, /reports\/annual-check/).at(-1)).toContain('to=2026');
  });

  it('says a failed read in place, with a Retry that loads the report', async () => {
    let failing = true;
    mockApi([
      [
        /\/api\/units\/7\/reports\/annual-check/,
        () =>
          failing
            ? json(500, {
                status: false,
                type: 'Server_InternalError',
                type_label: 'x',
                code: 500,
                msg: 'An unexpected error occurred on the server.',
                errors: [],
              })
            : ok(checked),
      ],
    ]);
    renderReport('annual-check', 'Annual Records Check');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Check: Net profit' })).toBeInTheDocument();
  });

  it('lists what a computation lists on a day, with its dates as dates', async () => {
    mockApi([
      [
        /\/api\/units\/7\/reports\/medicine/,
        () =>
          ok({
            ...checked,
            id: 'medicine',
            checks: [],
            tables: [],
            lists: [
              {
                id: 'withdrawals',
                title: 'Withdrawal periods in force',
                day: '2026-03-25',
                columns: [
                  { key: 'animal', title: 'Animal or group', kind: 'text' },
                  { key: 'ends', title: 'Ends', kind: 'date' },
                ],
                rows: [{ key: '0', cells: ['Cow 12', '2026-03-30'] }],
              },
            ],
          }),
      ],
    ]);
    renderReport('medicine', 'Medicine Report');
    const list = await screen.findByRole('table', {
      name: 'Withdrawal periods in force on 25 Mar 2026',
    });
    expect(within(list).getByRole('row', { name: /Cow 12/ })).toHaveTextContent('30 Mar 2026');
  });

  it('says which records to enter when there are none, linking to their list', async () => {
    mockApi([
      [
        /\/api\/units\/7\/reports\/herd/,
        () =>
          ok({
            ...checked,
            id: 'herd',
            grain: 'month',
            range: { from: '2025-04', to: '2026-03' },
            sources: [{ recordType: 'animal', records: 0 }],
            empty: true,
          }),
      ],
    ]);
    renderReport('herd', 'Herd and Flock Report');
    const link = await screen.findByRole('link', { name: 'Enter Animal Records' });
    expect(link).toHaveAttribute('href', '/unit/records/animal');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
