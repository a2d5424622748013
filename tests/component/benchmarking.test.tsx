/**
 * The farm's Benchmarking screen (/<provider>-insights) as a farmer reads it, from answers typed
 * by the API contract: its KPIs with units and position, each group with n and band, suppressed
 * statistics saying why (each reason), the charts' table alternatives, an incomplete year, the
 * confidentiality rules as the API states them, the CSV, and a failed read. happy-dom has no
 * canvas, so the Chart.js module is replaced by a stand-in (as in chart.test.tsx).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'csv-parse/sync';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FarmBenchmark } from '../../shared/benchmarking/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import BenchmarkingScreen from '../../src/screens/benchmarking/BenchmarkingScreen.tsx';
import { EMPTY, INCOMPLETE, RELEASED } from './benchmarking-fixtures.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

vi.mock('../../src/ui/chart/ChartCanvas.tsx', () => ({
  default: () => <p>Chart drawn</p>,
}));

const UNIT = {
  id: 3,
  name: 'Lower Dale Dairy',
  unit_type_id: 1,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};

const ENDPOINT = /\/api\/units\/3\/benchmarks\/moorland_vale/;

function renderScreen() {
  const router = memoryRoutes(
    [
      {
        path: '/moorland-vale-insights',
        element: <BenchmarkingScreen />,
        handle: { title: 'Benchmarking', options: { provider: 'moorland_vale' } },
      },
    ],
    '/moorland-vale-insights',
  );
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {router.element}
    </SWRConfig>,
  );
}

const answer = (data: FarmBenchmark) => mockApi([[ENDPOINT, () => ok(data)]]);

const kpiSection = (title: string) => screen.findByRole('region', { name: title });

/** The farm's own figure: the first definition of the KPI's section. */
const ownFigure = (section: HTMLElement) => within(section).getAllByRole('definition')[0];

/** Each name is a cell of the row (by accessible name: a card's label is hidden from it). */
const expectCells = (row: HTMLElement, names: string[]) => {
  for (const name of names) expect(within(row).getByRole('cell', { name })).toBeInTheDocument();
};

beforeEach(() => {
  useAccount.setState({ unit: UNIT });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  useAccount.getState().reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Benchmarking screen', () => {
  it('heads the page with the unit, the newest period and each group with its farms and band', async () => {
    answer(RELEASED);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Benchmarking' })).toBeInTheDocument();
    expect(
      await screen.findByText('Lower Dale Dairy · North of England · 100–199 cows'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
    const groups = screen.getByRole('heading', { name: 'Your groups in 2025' })
      .nextElementSibling as HTMLElement;
    const items = within(groups)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'All dairy farmsDairy · 2025410–412 farms · Excellent',
      'North of EnglandDairy · North of England · 202596 farms · Indicative',
      '100–199 cowsDairy · 100–199 cows · 2025130 farms · Good',
      'North of England, 100–199 cowsDairy · North of England · 100–199 cows · 2025Not shown: fewer than 20 farms',
    ]);
  });

  it('shows each KPI with its unit and position, and a suppressed group’s reason in place of every figure', async () => {
    answer(RELEASED);
    renderScreen();
    const litres = await kpiSection('Milk sold per cow');
    expect(ownFigure(litres)).toHaveTextContent('8,950 l/cow');
    expect(
      within(litres).getByText('In the top 25% of All dairy farms (higher is better).'),
    ).toBeInTheDocument();
    const table = within(litres).getByRole('table', {
      name: 'Milk sold per cow (l/cow): groups in 2025',
    });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expectCells(row('All dairy farms'), [
      '412 farms · Excellent',
      '7,200 l/cow',
      '8,100 l/cow',
      '8,800 l/cow',
      '9,400 l/cow',
    ]);
    expectCells(row('100–199 cows'), ['Not shown: one or two farms make up most of this group']);
    expect(within(row('100–199 cows')).getAllByRole('cell', { name: 'Not shown' })).toHaveLength(4);
    expectCells(row('North of England, 100–199 cows'), ['Not shown: fewer than 20 farms']);
    // Never 0, blank or a dash alone.
    expect(within(table).queryAllByRole('cell', { name: /^(0|—|)$/ })).toHaveLength(0);

    const price = await kpiSection('Milk price');
    expect(ownFigure(price)).toHaveTextContent('38.40 ppl');
    expect(
      within(price).getByText('In the lower middle 25% of All dairy farms (higher is better).'),
    ).toBeInTheDocument();
    const prices = within(price).getByRole('table', { name: 'Milk price (ppl): groups in 2025' });
    expect(
      within(prices).getByRole('row', { name: /^North of England Not shown/ }),
    ).toHaveTextContent(
      'Not shown: this group differs from one already published by fewer than 20 farms',
    );
  });

  it('places the farm in each group’s quartiles, with the figures as a table and in words', async () => {
    answer(RELEASED);
    const user = userEvent.setup();
    renderScreen();
    const litres = await kpiSection('Milk sold per cow');
    const spread = within(litres).getByRole('figure', {
      name: 'Milk sold per cow: your farm in each group, 2025',
    });
    expect(
      within(spread).getByText(/^In the top 25% of All dairy farms \(higher is better\)\. /),
    ).toBeInTheDocument();
    await user.click(within(spread).getByText('Show the figures as a table'));
    const table = within(spread).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Category',
      'Lower quartile',
      'Median',
      'Upper quartile',
      'Top 25% average',
      'Your farm',
    ]);
    expectCells(within(table).getByRole('row', { name: /^All dairy farms/ }), [
      '7,200 l/cow',
      '8,100 l/cow',
      '8,800 l/cow',
      '9,400 l/cow',
      '8,950 l/cow',
    ]);
    expect(
      within(table).getByRole('row', { name: /^North of England, 100–199 cows/ }),
    ).toHaveTextContent('Not shown: fewer than 20 farms');

    const trend = within(litres).getByRole('figure', {
      name: 'Milk sold per cow: your farm and the groups’ medians by year',
    });
    expect(
      within(trend).getByText(
        /^2023: Your farm 7,910 l\/cow; All dairy farms median 7,800 l\/cow; .*North of England, 100–199 cows median \(Not shown: fewer than 20 farms\)\. 2024: Your farm \(No figure\);/,
      ),
    ).toBeInTheDocument();
  });

  it('asks the server for the period chosen', async () => {
    const api = answer(RELEASED);
    const user = userEvent.setup();
    renderScreen();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Year' }), '2023');
    expect(callsTo(api, ENDPOINT).at(-1)).toMatch(/[?&]period=2023(&|$)/);
  });

  it('says when the farm’s year is not complete and still shows the groups', async () => {
    answer(INCOMPLETE);
    renderScreen();
    expect(
      await screen.findByText(
        'Your year 2024 is not complete (a year counts once all 12 months are recorded), so your farm is in no group for it. The groups’ figures are still shown.',
      ),
    ).toBeInTheDocument();
    const litres = await kpiSection('Milk sold per cow');
    expect(ownFigure(litres)).toHaveTextContent('No figure for your farm');
    expect(within(litres).getByText('Your year is not complete.')).toBeInTheDocument();
    const table = within(litres).getByRole('table', {
      name: 'Milk sold per cow (l/cow): groups in 2024',
    });
    expectCells(within(table).getByRole('row', { name: /^All dairy farms/ }), [
      '405 farms · Excellent',
      '7,100 l/cow',
      '7,900 l/cow',
    ]);
  });

  it('says how figures are kept confidential from the rules the API states', async () => {
    answer({ ...RELEASED, confidentiality: { ...RELEASED.confidentiality, minGroupSize: 30 } });
    renderScreen();
    const section = await screen.findByRole('region', {
      name: 'How we keep figures confidential',
    });
    expect(section).toHaveTextContent(
      'A group’s figures are shown only when at least 30 farms contribute to them',
    );
    expect(section).toHaveTextContent('the largest 2 together, make up more than 85%');
    expect(section).toHaveTextContent('more than 1.5 times the interquartile range');
    expect(section).toHaveTextContent(
      '20–99 farms: Indicative; 100–249 farms: Good; 250 or more farms: Excellent',
    );
    expect(within(section).getByText(/DairyBase \(DairyNZ\), Farm Averages/)).toBeInTheDocument();
  });

  it('downloads the farm’s KPIs against its groups as CSV, suppressed figures empty with why', async () => {
    answer(RELEASED);
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Download CSV of Benchmarking' }));
    expect(blob).toBeDefined();
    const rows: string[][] = parse((await blob?.text()) ?? '', {
      bom: true,
      relax_column_count: true,
    });
    const header = rows.findIndex((r) => r[0] === 'KPI');
    expect(rows[header]).toContain('Top 25% average');
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(8);
    expect(body[0]).toEqual([
      'Milk sold per cow',
      'l/cow',
      'higher is better',
      '2025',
      '8950.2',
      'top 25%',
      'All dairy farms',
      'Dairy · 2025',
      '412',
      '3',
      'Excellent',
      '7200',
      '8100',
      '8800',
      '9400',
      '',
    ]);
    const dominated = body.find((r) => r[0] === 'Milk sold per cow' && r[6] === '100–199 cows');
    expect(dominated?.slice(8)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Not shown: one or two farms make up most of this group',
    ]);
  });

  it('says there is no benchmark yet, and what is compared, when the farm has no period', async () => {
    answer(EMPTY);
    renderScreen();
    expect(
      await screen.findByText(/^No benchmark yet for Lower Dale Dairy: your farm is compared/),
    ).toHaveTextContent('a year counts once all 12 months are recorded');
    expect(screen.getByText('Milk sold per cow')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows a failed read where the page would be, and Retry reads it again', async () => {
    let fail = true;
    mockApi([
      [
        ENDPOINT,
        () =>
          fail
            ? json(500, {
                status: false,
                type: 'Server_Error',
                type_label: 'Server Error',
                code: 500,
                msg: 'The benchmarks are being worked out.',
                errors: [],
              })
            : ok(RELEASED),
      ],
    ]);
    const user = userEvent.setup();
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The benchmark could not be loaded. The benchmarks are being worked out.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await kpiSection('Milk sold per cow')).toBeInTheDocument();
  });
});
