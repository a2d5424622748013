import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import GhgWhatIfScreen from '../../src/screens/ghg-what-if/GhgWhatIfScreen.tsx';
import {
  comparisonRows,
  evaluateGhgInputs,
  ghgCsv,
  inputRows,
} from '../../src/screens/ghg-what-if/ghg-compare.ts';
import { calculatorCsv } from '../../src/ui/calculator/csv.ts';
import { json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

function renderScreen(enterprise: string) {
  const router = memoryRoutes(
    [
      {
        path: '/',
        element: <GhgWhatIfScreen />,
        handle: { title: `GHG What If? (${enterprise})`, options: { enterprise } },
      },
    ],
    '/',
  );
  render(router.element);
}

/** The comparison table's row whose measure starts with `measure`. */
function resultRow(measure: string | RegExp): HTMLElement {
  const table = screen.getByRole('table', { name: /baseline and scenario/ });
  const header = within(table).getByRole('rowheader', { name: measure });
  const row = header.closest('tr');
  if (!row) throw new Error('no row');
  return row;
}

describe('GHG What If? (dairy)', () => {
  it('computes the worked example as the baseline and follows the scenario as it changes', async () => {
    renderScreen('dairy');
    // The first render of the file loads the form's and the chart's modules: room for a cold start.
    await screen.findByRole(
      'heading',
      { level: 1, name: 'GHG What If? (Dairy)' },
      { timeout: 5000 },
    );
    // Facts file §1.7 B: 1,097,669.0 kg CO2e (AR5).
    expect(resultRow(/^Total emissions$/).textContent).toContain('1,097,669 kg CO2e');
    const enteric = () => resultRow(/Enteric fermentation/);
    expect(enteric().textContent).toContain('705,600 kg CO2e');

    await userEvent.click(screen.getByRole('tab', { name: 'Scenario' }));
    const panel = screen.getByRole('tabpanel', { name: 'Scenario' });
    const head = within(panel).getByLabelText(/^Head/);
    await userEvent.clear(head);
    await userEvent.type(head, '150');
    await waitFor(() => expect(enteric().textContent).toContain('529,200 kg CO2e'));
    // 50 cows × 126 kg CH4 × 28 fewer: −176,400 kg CO2e, −25%.
    expect(enteric().textContent).toContain('-176,400 kg CO2e');
    expect(enteric().textContent).toContain('-25%');
    // The baseline is unchanged.
    expect(enteric().textContent).toContain('705,600 kg CO2e');
  });

  it('switches to AR6 and says the DESNZ lines do not change', async () => {
    renderScreen('dairy');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.selectOptions(screen.getByLabelText(/GWP set/), 'AR6');
    await waitFor(() =>
      expect(resultRow(/^Total emissions$/).textContent).toContain('1,066,215 kg CO2e'),
    );
    expect(screen.getAllByText(/do not change with the GWP set/).length).toBeGreaterThan(0);
  });
});

describe('GHG What If? (arable)', () => {
  it('shows the worked example per hectare and per t grain', async () => {
    renderScreen('arable');
    await screen.findByRole('heading', { level: 1, name: 'GHG What If? (Arable)' });
    expect(resultRow(/^Total emissions$/).textContent).toContain('203,991 kg CO2e');
    expect(resultRow(/^Per hectare/).textContent).toContain('2,040 kg CO2e/ha');
    expect(resultRow(/^Per t grain/).textContent).toContain('240 kg CO2e/t grain');
  });
});

describe('GHG CSV', () => {
  it('writes inputs and results, baseline and scenario, with a BOM and CRLF', () => {
    const baseline = { synthetic_n_kg: 1000, area_ha: 10 };
    const scenario = { synthetic_n_kg: 500, area_ha: 10 };
    const choice = { gwp: 'AR5', efSet: 'uk-wet' } as const;
    const b = evaluateGhgInputs(baseline, choice).result;
    const s = evaluateGhgInputs(scenario, choice).result;
    const csv = calculatorCsv(
      ghgCsv({
        title: 'GHG What If? (Arable)',
        unitName: 'Home, "North" Farm',
        choice,
        methodVersion: 'ghg-2019t1-desnz2024@1',
        inputs: inputRows(baseline, scenario, ['synthetic_n_kg', 'area_ha']),
        results: comparisonRows(b, s),
      }),
    );
    expect(csv.startsWith('\uFEFFGHG What If? (Arable)\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toContain('Unit,"Home, ""North"" Farm"');
    expect(lines).toContain('Synthetic N,kg N,1000,500');
    // 1000 kg N × (0.016 + 0.11 × 0.014 + 0.24 × 0.011) × 44/28 × 265 = 8,403.529 kg CO2e.
    expect(lines).toContain('Total emissions,kg CO2e,8403.529,4201.764,-4201.764,-50,');
    expect(lines).toContain('Per hectare,kg CO2e/ha,840.353,420.176,-420.176,-50,');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('GHG What If? saved calculations', () => {
  const UNIT = {
    id: 7,
    name: 'Home Farm',
    unit_type_id: 1,
    supports: { mifarm: false, bcms_cts: false },
    packages: [],
  };
  const item = (over: Record<string, unknown>) => ({
    calculator: 'ghg-dairy',
    baselineId: null,
    methodVersion: 'ghg-2019t1-desnz2024@1',
    currentMethodVersion: 'ghg-2019t1-desnz2024@1',
    totals: { co2e: 1 },
    createdAt: '2026-11-24T01:00:00Z',
    updatedAt: '2026-11-24T01:00:00Z',
    createdBy: { id: '1', name: 'Fran Farmer' },
    ...over,
  });

  beforeEach(() => {
    useAlerts.setState({ alerts: [] });
    useAccount.setState({ unit: UNIT });
  });
  afterEach(() => {
    useAccount.getState().reset();
  });

  it('saves the baseline with its method choice, and reopens a scenario with its baseline as computed then', async () => {
    const baselineInputs = {
      gwp: 'AR5',
      efSet: 'uk-wet',
      animals: [{ category: 'dairy_cow', head: 100 }],
      product: { kind: 'milk_kg', amount: 800000 },
    };
    const scenarioInputs = {
      gwp: 'AR5',
      efSet: 'uk-wet',
      animals: [{ category: 'dairy_cow', head: 80 }],
      product: { kind: 'milk_kg', amount: 640000 },
    };
    const saved = [
      item({ id: '11', name: 'Herd now', role: 'baseline' }),
      item({
        id: '12',
        name: 'Fewer cows',
        role: 'scenario',
        baselineId: '11',
        methodVersion: 'ghg-old@1',
      }),
    ];
    const full = {
      '11': { ...saved[0], inputs: baselineInputs, result: { totals: { co2e: 352800 } } },
      '12': { ...saved[1], inputs: scenarioInputs, result: { totals: { co2e: 282240 } } },
    };
    const mock = mockApi([
      [
        /\/api\/units\/7\/calculations\/(11|12)$/,
        (url) => ok({ calculation: full[url.endsWith('11') ? '11' : '12'] }),
      ],
      [
        /\/api\/units\/7\/calculations(\?|$)/,
        (_url, init) =>
          init?.method === 'POST'
            ? json(201, {
                status: true,
                data: { calculation: { ...full['11'], id: '13', name: 'Today' } },
              })
            : ok({ total_records: 2, current_page: 1, records_per_page: 10, records: saved }),
      ],
    ]);
    renderScreen('dairy');
    await screen.findByRole('table', { name: 'Saved baselines and scenarios' });
    await userEvent.type(screen.getByLabelText('Name'), 'Today');
    await userEvent.click(screen.getByRole('button', { name: 'Save baseline' }));
    await waitFor(() => expect(useAlerts.getState().alerts.at(-1)?.message).toContain('Today'));
    const post = mock.mock.calls.find(([, init]) => init?.method === 'POST');
    const sent = post?.[1]?.body;
    const body = JSON.parse(typeof sent === 'string' ? sent : '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ calculator: 'ghg-dairy', name: 'Today', role: 'baseline' });
    expect(body.inputs).toMatchObject({ gwp: 'AR5', efSet: 'uk-wet', synthetic_n_kg: 8000 });

    await userEvent.click(screen.getByRole('button', { name: 'Open Fewer cows' }));
    await screen.findByRole('heading', { name: 'Opened: Fewer cows (scenario)' });
    expect(screen.getByText(/As computed then/).textContent).toContain('282,240 kg CO2e');
    expect(
      screen.getByRole('button', {
        name: 'Recompute on the current method (ghg-2019t1-desnz2024@1)',
      }),
    ).toBeInTheDocument();
    // 100 cows baseline, 80 in the scenario: enteric 352,800 and 282,240 kg CO2e.
    await waitFor(() =>
      expect(resultRow(/Enteric fermentation/).textContent).toContain('282,240 kg CO2e'),
    );
    expect(resultRow(/Enteric fermentation/).textContent).toContain('352,800 kg CO2e');
  });
});

describe('GHG What If? prefill', () => {
  beforeEach(() => {
    useAccount.setState({
      unit: {
        id: 7,
        name: 'Home Farm',
        unit_type_id: 1,
        supports: { mifarm: false, bcms_cts: false },
        packages: [],
      },
    });
  });
  afterEach(() => {
    useAccount.getState().reset();
  });

  it('starts the baseline from the records, says where each value came from and what the records say once changed', async () => {
    mockApi([
      [
        /\/api\/units\/7\/calculators\/ghg-dairy\/prefill/,
        () =>
          ok({
            inputs: { animals: [{ category: 'dairy_cow', head: 180 }] },
            sources: {
              'animals.0.head': {
                recordType: 'monthly',
                recordId: '5',
                label: 'Monthly record, Mar 2026',
                path: '/unit/records/monthly',
              },
            },
            notes: [],
          }),
      ],
      [/\/api\/units\/7\/calculations/, () => ok({ items: [] })],
    ]);
    renderScreen('dairy');
    const panel = await screen.findByRole('tabpanel', { name: 'Baseline' });
    await waitFor(() => expect(within(panel).getByLabelText(/^Head/)).toHaveValue('180'));
    const link = within(panel).getByRole('link', { name: 'Monthly record, Mar 2026' });
    expect(link).toHaveAttribute('href', '/unit/records/monthly');
    // 180 cows × 126 kg CH4 × 28.
    expect(resultRow(/Enteric fermentation/).textContent).toContain('635,040 kg CO2e');

    const head = within(panel).getByLabelText(/^Head/);
    await userEvent.clear(head);
    await userEvent.type(head, '170');
    await waitFor(() =>
      expect(within(panel).getByText(/You changed this; from records: 180/)).toBeInTheDocument(),
    );
  });
});
