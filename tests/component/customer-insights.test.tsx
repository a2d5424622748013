/**
 * Customer Insights as Acme Foods' staff meet it, against answers typed by the API contract
 * (tests/component/customer-insights-fixtures.ts): figures with n and band, suppressed figures
 * saying why, survey completion and calculator uptake, the server-paged units, the CSV, an
 * enterprise without supplying units and a failed read. happy-dom has no canvas, so the chart
 * library's module is a stand-in; every chart's table and summary are the real ones.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../shared/api.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';
import { arableInsights, insights } from './customer-insights-fixtures.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

vi.mock('../../src/ui/chart/ChartCanvas.tsx', () => ({ default: () => <canvas /> }));

/** buyer@example.com as the server answers it: Acme Foods staff with insights. */
const BUYER: ApiUser = {
  id: 3,
  type: 'company_employee',
  first_name: 'Bea',
  last_name: 'Buyer',
  username: 'buyer@example.com',
  business: { id: 3, name: 'Acme Foods', type: 'company', sub_type: 0 },
  provider: { id: 2, reference: 'acme_foods' },
  accessTo: { listUnits: true, insights: true, companyNews: true },
};

const CSV =
  '\uFEFFFarm,Unit,Region\r\nSupplier Farm 01,Supplier Unit 01,North of England\r\n' +
  'Supplier Farm 02,Supplier Unit 02,\r\n';

function serve(answer: (q: URLSearchParams) => Response) {
  return mockApi([
    [
      /^\/api\/insights\.csv/,
      () =>
        new Response(CSV, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="acme_foods-insights-dairy-2025.csv"',
            'X-Total-Count': '2',
          },
        }),
    ],
    [/^\/api\/insights\?/, (url) => answer(new URL(url, 'http://x').searchParams)],
  ]);
}

const serveDairy = () =>
  serve((q) =>
    q.get('enterprise') === 'arable'
      ? ok(arableInsights())
      : ok(
          insights(
            Number(q.get('page') ?? 1),
            Number(q.get('per_page') ?? 20),
            q.get('period') ?? '2025',
          ),
        ),
  );

const kpi = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  useSession.setState({ user: BUYER, token: null });
  useAccount.getState().reset();
  // The CSV is saved through an object URL; happy-dom has none.
  URL.createObjectURL = vi.fn(() => 'blob:insights');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  useSession.setState({ user: UNAUTHENTICATED_USER });
  vi.restoreAllMocks();
});

describe('Customer Insights', () => {
  it('shows each KPI’s median with n and band for both groups, and a suppressed figure says why, never 0', async () => {
    serveDairy();
    renderApp('/customer-insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Enterprise' })).toHaveDisplayValue(
      'Dairy (45 units)',
    );
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveDisplayValue('2025');

    const litres = await kpi('Milk sold per cow (l/cow)');
    expect(litres).toHaveTextContent('Higher is better.');
    expect(litres).toHaveTextContent(
      'Your supplying dairy farmsMedian 8,120 l/cown = 41 farms · Indicative accuracy (2 outliers left out)',
    );
    expect(litres).toHaveTextContent(
      'All dairy farmsMedian 8,100 l/cown = 1,250 farms · Excellent accuracy',
    );

    const ghg = await kpi('Carbon footprint of milk (kg CO₂e/kg)');
    expect(within(ghg).getAllByText('Not shown: fewer than 20 farms').length).toBeGreaterThan(0);
    expect(ghg).toHaveTextContent('All dairy farmsMedian 1.21 kg CO₂e/kg');
    // The spread chart says the same in words and in its table.
    expect(ghg).toHaveTextContent(
      'Your supplying dairy farms: Not shown: fewer than 20 farms. All dairy farms: median 1.21 kg CO₂e/kg; ' +
        'the middle half from 1.05 to 1.38 kg CO₂e/kg; Top 25% average 0.98 kg CO₂e/kg.',
    );
    const spread = within(ghg).getByRole('table', {
      name: 'Carbon footprint of milk, 2025: spread of each group (kg CO₂e/kg)',
    });
    const ours = within(spread).getByRole('row', { name: /Your supplying dairy farms/ });
    // Its lower quartile and its top 25% say why; neither is a figure.
    expect(
      within(ours).getAllByRole('cell', { name: 'Not shown: fewer than 20 farms' }),
    ).toHaveLength(2);
    expect(within(ours).queryByRole('cell', { name: /^0/ })).toBeNull();
    // The trend: 2024's comparison median was suppressed by dominance, and says so.
    expect(ghg).toHaveTextContent(
      'All dairy farms median: 2024 not shown: one or two farms make up most of this group; 2025 1.21 kg CO₂e/kg.',
    );
    const trend = within(ghg).getByRole('table', {
      name: 'Carbon footprint of milk: median by year (kg CO₂e/kg)',
    });
    expect(
      within(within(trend).getByRole('row', { name: /2024/ })).getByRole('cell', {
        name: 'Not shown: one or two farms make up most of this group',
      }),
    ).toBeInTheDocument();
  });

  it('shows survey completion and calculator uptake as shares with their counts', async () => {
    serveDairy();
    renderApp('/customer-insights');
    const surveys = await screen.findByRole('table', { name: 'Survey completion' });
    const welfare = within(surveys).getByRole('row', { name: /Annual welfare survey/ });
    expect(welfare).toHaveTextContent('75% (30 of 40)');
    expect(within(surveys).getByRole('row', { name: /Spring survey/ })).toHaveTextContent(
      'Not addressed to any unit',
    );
    const calculators = screen.getByRole('table', { name: 'Calculator uptake' });
    expect(within(calculators).getByRole('row', { name: /GHG What If\?/ })).toHaveTextContent(
      '20% (9 of 45)',
    );
  });

  it('pages the supplying units through the server, each with its KPI values and an Open button', async () => {
    const api = serveDairy();
    const user = userEvent.setup();
    renderApp('/customer-insights');
    const table = await screen.findByRole('table', {
      name: 'Your supplying dairy farms: 45 units, figures for 2025',
    });
    const first = within(table).getByRole('row', { name: /Supplier Unit 01/ });
    expect(
      within(table).getByRole('columnheader', { name: 'Milk sold per cow (l/cow)' }),
    ).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: '8,000' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Open Supplier Unit 01' })).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    // A farm that does not share its figures with the provider says so in each figure's place.
    const withheld = within(table).getByRole('row', { name: /Supplier Unit 04/ });
    expect(within(withheld).getAllByRole('cell', { name: 'Not shared' })).toHaveLength(2);

    const pages = screen.getByRole('navigation', { name: 'Supplying units pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    const third = await screen.findByRole('table', {
      name: 'Your supplying dairy farms: 45 units, figures for 2025',
    });
    await waitFor(() => {
      expect(within(third).getByRole('row', { name: /Supplier Unit 45/ })).toBeInTheDocument();
    });
    expect(callsTo(api, /^\/api\/insights\?/).at(-1)).toMatch(/page=3/);
  });

  it('asks again for the period chosen, and downloads the CSV of the enterprise and period on screen', async () => {
    const api = serveDairy();
    const user = userEvent.setup();
    renderApp('/customer-insights');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Year' }), '2024');
    await waitFor(() => {
      expect(callsTo(api, /^\/api\/insights\?/).at(-1)).toMatch(/enterprise=dairy&period=2024/);
    });
    await screen.findByRole('heading', { name: 'Key figures, year 2024' });
    await user.click(
      screen.getByRole('button', { name: 'Download CSV of Insights for Dairy, 2024' }),
    );
    expect(
      await screen.findByText('“acme_foods-insights-dairy-2025.csv” was downloaded: 2 rows.'),
    ).toBeInTheDocument();
    expect(callsTo(api, /^\/api\/insights\.csv/)[0]).toMatch(/enterprise=dairy&period=2024/);
  });

  it('says plainly when the provider has no supplying units in an enterprise', async () => {
    serveDairy();
    const user = userEvent.setup();
    renderApp('/customer-insights');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Enterprise' }),
      'Arable (0 units)',
    );
    expect(await screen.findByText(/Acme Foods has no supplying arable units/)).toBeInTheDocument();
    expect(screen.getByText('You have no supplying arable units.')).toBeInTheDocument();
    const wheat = await kpi('Winter wheat yield (t/ha)');
    expect(wheat).toHaveTextContent('All arable farmsMedian 8.20 t/ha');
    expect(within(wheat).getAllByText('Not shown: fewer than 20 farms').length).toBeGreaterThan(0);
  });

  it('says what failed in the server’s words, with a Retry that asks again', async () => {
    let fail = true;
    const api = serve(() =>
      fail
        ? json(500, {
            status: false,
            type: 'Server_Error',
            type_label: 'Server Error',
            code: 500,
            msg: 'The figures could not be worked out.',
            errors: [],
          })
        : ok(insights()),
    );
    const user = userEvent.setup();
    renderApp('/customer-insights');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be worked out.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await kpi('Milk sold per cow (l/cow)')).toBeInTheDocument();
    expect(callsTo(api, /^\/api\/insights\?/).length).toBe(2);
  });
});

describe('How we keep figures confidential', () => {
  it('states the rules the server answered, with their sources', async () => {
    serveDairy();
    renderApp('/customer-insights');
    const section = await screen.findByRole('region', { name: 'How we keep figures confidential' });
    expect(section).toHaveTextContent('at least 20 farms');
    expect(section).toHaveTextContent('the largest 2 together, make up more than 85%');
    expect(section).toHaveTextContent('1.5 times the interquartile range');
    expect(section).toHaveTextContent(
      '20–99 farms: Indicative; 100–249 farms: Good; 250 or more farms: Excellent',
    );
    expect(section).toHaveTextContent('DairyBase (DairyNZ), Farm Averages');
  });
});
