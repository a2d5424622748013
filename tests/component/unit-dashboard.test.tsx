import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DashboardKpi,
  DashboardOverview,
  DashboardResult,
} from '../../shared/dashboard/result.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import { CompanyOverview } from '../../src/screens/dashboard/CompanyOverview.tsx';
import { NO_KEY_FIGURES, UnitDashboard } from '../../src/screens/dashboard/UnitDashboard.tsx';
import { callsTo, json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** The unit dashboard's key figures, forecasts and actions, as the server answers them. */

function renderWithRouter(element: ReactElement) {
  const router = memoryRoutes([{ path: '/dashboard', element }], '/dashboard');
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {router.element}
    </SWRConfig>,
  );
}

const span = (value: number | null, from: string, to: string, recorded: number) => ({
  value,
  from,
  to,
  recorded,
  periods: 12,
});

const yieldKpi: DashboardKpi = {
  id: 'milk-yield',
  title: 'Litres per cow per day',
  description: "The average of each month's milk sold per cow in milk per day.",
  unit: 'l/cow/day',
  decimals: 1,
  report: { id: 'monthly', title: 'Monthly Reports' },
  grain: 'month',
  current: span(27.916_667, '2024-07', '2025-06', 2),
  previous: span(25, '2023-07', '2024-06', 1),
  change: { absolute: 2.916_667, percent: 11.666_667 },
  breakdown: [],
  recordTypes: ['monthly'],
};

const result: DashboardResult = {
  unit: { id: 7, name: 'Lower Dale Dairy', enterprise: 'Dairy' },
  today: '2026-11-24',
  kpis: [
    yieldKpi,
    {
      ...yieldKpi,
      id: 'concentrate',
      title: 'Concentrate per litre',
      description: null,
      unit: 'kg/l',
      decimals: 2,
      current: span(0.2, '2024-07', '2025-06', 2),
      previous: span(0.24, '2023-07', '2024-06', 1),
      change: { absolute: -0.04, percent: -16.666_667 },
    },
    {
      ...yieldKpi,
      id: 'scc',
      title: 'Somatic cell count',
      description: null,
      unit: '000s/ml',
      decimals: 0,
      current: span(null, '2024-07', '2025-06', 0),
      previous: span(null, '2023-07', '2024-06', 0),
      change: { absolute: null, percent: null },
    },
  ],
  forecasts: [
    {
      title: 'Milk sold',
      report: { id: 'forecast-monthly', title: 'Monthly Forecast vs Actual' },
      grain: 'month',
      period: '2025-06',
      unit: 'l',
      decimals: 0,
      actual: 180_000,
      forecast: 200_000,
      difference: { absolute: -20_000, percent: -10 },
      recordTypes: ['monthly', 'monthly-forecast'],
    },
  ],
  actions: [
    {
      source: 'medicine-withdrawals',
      title: 'Milk withdrawal: Alamycin LA',
      detail: 'UK 391040 200011, treated 2026-11-21',
      due: '2026-11-28',
      recordType: 'medicine-book',
      recordId: 12,
    },
  ],
  actionSources: [
    {
      id: 'medicine-withdrawals',
      title: 'Medicine withdrawals in force',
      empty: 'None in force today.',
    },
  ],
};

describe('UnitDashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each KPI with its unit, its change in words and a link to its report; a missing one as no records yet', async () => {
    const api = mockApi([[/^\/api\/units\/7\/dashboard/, () => ok(result)]]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);

    const card = await screen.findByRole('article', { name: 'Litres per cow per day' });
    expect(within(card).getByText('27.9 l/cow/day')).toBeInTheDocument();
    expect(within(card).getByText(/up 11\.7% on the year before/)).toBeInTheDocument();
    expect(
      within(card).getByText(/then 25\.0 l\/cow\/day; \+2\.9 l\/cow\/day/),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Jul 2024 to Jun 2025, 2 of 12 months recorded'),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Litres per cow per day: see Monthly Reports' }),
    ).toHaveAttribute('href', '/unit/reporting/monthly');

    const concentrate = screen.getByRole('article', { name: 'Concentrate per litre' });
    expect(within(concentrate).getByText(/down 16\.7% on the year before/)).toBeInTheDocument();

    // No figure: never 0, but what to enter, linked to its list.
    const scc = screen.getByRole('article', { name: 'Somatic cell count' });
    expect(within(scc).getByText(/No records yet/)).toBeInTheDocument();
    expect(within(scc).getByRole('link', { name: 'Monthly Records' })).toBeInTheDocument();
    expect(within(scc).queryByText(/^0/)).toBeNull();

    expect(callsTo(api, /\/dashboard/)[0]).toContain('plan=3');
  });

  it('shows forecast against actual and the withdrawals in force with their end dates', async () => {
    mockApi([[/^\/api\/units\/7\/dashboard/, () => ok(result)]]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);

    const forecast = await screen.findByRole('article', { name: 'Milk sold, Jun 2025' });
    expect(within(forecast).getByText('180,000 l')).toBeInTheDocument();
    expect(within(forecast).getByText('200,000 l')).toBeInTheDocument();
    expect(within(forecast).getByText('20,000 l (10.0%) below forecast')).toBeInTheDocument();

    const actions = screen.getByRole('region', { name: 'Open actions' });
    expect(
      within(actions).getByRole('link', { name: 'Milk withdrawal: Alamycin LA' }),
    ).toBeInTheDocument();
    expect(within(actions).getByText('Ends 28 Nov 2026')).toBeInTheDocument();
  });

  it('links a survey due to its wizard, with its due date', async () => {
    mockApi([
      [
        /^\/api\/units\/7\/dashboard/,
        () =>
          ok({
            ...result,
            actionSources: [
              ...result.actionSources,
              { id: 'surveys-due', title: 'Surveys due', empty: 'None due in the next 14 days.' },
            ],
            actions: [
              {
                source: 'surveys-due',
                title: 'Antibiotic Use Return 2026',
                detail: 'Moorland Vale Dairies · Due in 10 days',
                due: '2026-12-04',
                dueLabel: 'Due',
                recordType: '',
                recordId: 0,
                path: '/unit/surveys/moorland-vale-antibiotic-use-2026',
              },
            ],
          }),
      ],
    ]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);
    const actions = await screen.findByRole('region', { name: 'Open actions' });
    expect(
      within(actions).getByRole('link', { name: 'Antibiotic Use Return 2026' }),
    ).toHaveAttribute('href', '/unit/surveys/moorland-vale-antibiotic-use-2026');
    expect(within(actions).getByText('Due 04 Dec 2026')).toBeInTheDocument();
    expect(within(actions).getByText('Moorland Vale Dairies · Due in 10 days')).toBeInTheDocument();
    // The medicine book's source has nothing in force: it says so.
    expect(within(actions).getByText('None in force today.')).toBeInTheDocument();
  });

  it('says so when nothing is in force, and shows no actions block where no source is offered', async () => {
    mockApi([[/^\/api\/units\/7\/dashboard/, () => ok({ ...result, actions: [], forecasts: [] })]]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);
    expect(await screen.findByText('None in force today.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Forecast against actual' })).toBeNull();
  });

  it('draws the key figures heading and introduction at once, the cards when they arrive', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi([
      [/^\/api\/units\/7\/dashboard/, () => new Promise<Response>((resolve) => (answer = resolve))],
    ]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);
    const figures = screen.getByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText(/^The latest 12 months recorded/)).toBeInTheDocument();
    expect(within(figures).getByRole('status')).toBeInTheDocument();
    expect(within(figures).queryByRole('article')).toBeNull();
    answer(ok(result));
    expect(
      await within(figures).findByRole('article', { name: 'Litres per cow per day' }),
    ).toBeInTheDocument();
    expect(within(figures).queryByRole('status')).toBeNull();
  });

  it('says so where the plan has no key figures for the unit', async () => {
    mockApi([[/^\/api\/units\/7\/dashboard/, () => ok({ ...result, kpis: [] })]]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);
    const figures = screen.getByRole('region', { name: 'Key figures' });
    expect(await within(figures).findByText(NO_KEY_FIGURES)).toBeInTheDocument();
    expect(within(figures).queryByRole('article')).toBeNull();
    // The rest of the answer still shows.
    expect(screen.getByRole('region', { name: 'Forecast against actual' })).toBeInTheDocument();
  });

  it('shows the failure with Retry, and the figures once a retry succeeds', async () => {
    let fail = true;
    mockApi([
      [
        /^\/api\/units\/7\/dashboard/,
        () =>
          fail
            ? json(500, {
                status: false,
                type: 'Server_Error',
                type_label: 'Server Error',
                code: 500,
                msg: 'Injected',
                errors: [],
              })
            : ok(result),
      ],
    ]);
    renderWithRouter(<UnitDashboard unitId={7} planId={3} />);
    const retry = await screen.findByRole('button', { name: /Retry/ });
    fail = false;
    await userEvent.click(retry);
    expect(
      await screen.findByRole('article', { name: 'Litres per cow per day' }),
    ).toBeInTheDocument();
  });
});

describe('CompanyOverview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the count of units and each unit's newest change", async () => {
    const overview: DashboardOverview = {
      units: 23,
      activity: [
        {
          unit_id: 4,
          unit_name: 'Moor End Dairy',
          farm_name: 'Moor End',
          record_type: 'monthly',
          record_title: 'Monthly Records',
          updated_at: '2026-11-20T09:30:00Z',
        },
      ],
    };
    mockApi([[/^\/api\/accounts\/activity/, () => ok(overview)]]);
    renderWithRouter(<CompanyOverview />);
    expect(await screen.findByText('23 units')).toBeInTheDocument();
    expect(screen.getByText('Moor End Dairy (Moor End)')).toBeInTheDocument();
    expect(screen.getByText('Monthly Records changed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a unit' })).toHaveAttribute(
      'href',
      '/units/list',
    );
  });
});
