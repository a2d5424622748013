import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../../shared/calc/index.ts';
import { methodFor } from '../../shared/calc/tables.ts';
import { useAccount } from '../../src/core/account/account-store.ts';
import { useAlerts } from '../../src/core/alerts/alert-store.ts';
import { drainOutbox, stopOutbox } from '../../src/core/outbox/outbox-store.ts';
import { startPlainOutbox } from './plain-outbox.ts';
import { bpsCsv } from '../../src/screens/bps-what-if/bps-csv.ts';
import BpsWhatIfScreen, { otherYears } from '../../src/screens/bps-what-if/BpsWhatIfScreen.tsx';
import EiqCalculatorScreen from '../../src/screens/eiq-calculator/EiqCalculatorScreen.tsx';
import {
  eiqCsv,
  fromInput,
  toInput,
  type Application,
} from '../../src/screens/eiq-calculator/eiq.ts';
import StirCalculatorScreen from '../../src/screens/stir-calculator/StirCalculatorScreen.tsx';
import { stirCsv, type Operation } from '../../src/screens/stir-calculator/stir.ts';
import { calculatorCsv } from '../../src/ui/calculator/csv.ts';
import type { BpsInputs, BpsTotals } from '../../shared/calc/bps.ts';
import type { EvaluationResult } from '../../shared/calc/result.ts';
import { json, mockApi, ok } from './mock-api.ts';

/**
 * The STIR, EIQ and BPS screens save their inputs per unit, reopen a saved calculation as it was
 * computed then, and export their inputs and results as CSV.
 */

const UNIT = {
  id: 7,
  name: 'Home Farm',
  unit_type_id: 4,
  supports: { mifarm: false, bcms_cts: false },
  packages: [],
};

/** A saved calculation as the API answers it, in full. */
function saved(calculator: string, id: string, name: string, inputs: object, totals: object) {
  return {
    id,
    name,
    calculator,
    role: 'baseline',
    baselineId: null,
    methodVersion: methodFor(calculator as 'stir').version,
    currentMethodVersion: methodFor(calculator as 'stir').version,
    totals,
    createdAt: '2026-11-24T01:00:00Z',
    updatedAt: '2026-11-24T01:00:00Z',
    createdBy: { id: '1', name: 'Sarah Pennington' },
    inputs,
    result: { totals },
  };
}

/** The unit's saved list of one calculation; a POST answers it saved under the name sent. */
function serve(calculation: ReturnType<typeof saved>) {
  return mockApi([
    [new RegExp(`/api/units/7/calculations/${calculation.id}$`), () => ok({ calculation })],
    [
      /\/api\/units\/7\/calculations(\?|$)/,
      (_url, init) => {
        if (init?.method !== 'POST')
          return ok({
            total_records: 1,
            current_page: 1,
            records_per_page: 10,
            records: [calculation],
          });
        const body = JSON.parse(init.body as string) as { name: string };
        return json(201, {
          status: true,
          data: { calculation: { ...calculation, id: '99', name: body.name } },
        });
      },
    ],
  ]);
}

/** The JSON body of the first POST the screen sent. */
function posted(mock: ReturnType<typeof mockApi>): Record<string, unknown> {
  const post = mock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse((post?.[1]?.body as string | undefined) ?? '{}') as Record<string, unknown>;
}

beforeEach(() => {
  useAlerts.setState({ alerts: [] });
  useAccount.setState({ unit: UNIT });
});
afterEach(() => {
  useAccount.getState().reset();
});

describe('STIR saved per unit', () => {
  it('saves the operations with their names, and reopens a saved year as computed then', async () => {
    const inputs = {
      operations: [
        { name: 'Direct drill', preset: 'no_till_drill' },
        {
          name: 'Rolls',
          speed_kmh: 10,
          depth_cm: 2,
          tillage_type: 'compression',
          surface_disturbed_pct: 100,
        },
      ],
    };
    const mock = serve(saved('stir', '21', 'No-till wheat 2026', inputs, { stir: 7.2 }));
    render(<StirCalculatorScreen />);
    const table = await screen.findByRole('table', { name: 'Saved calculations' });
    expect(within(table).queryByRole('columnheader', { name: 'Kind' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Name'), 'Plough year');
    await userEvent.click(screen.getByRole('button', { name: 'Save calculation' }));
    await waitFor(() =>
      expect(useAlerts.getState().alerts.at(-1)?.message).toBe(
        'The calculation “Plough year” was saved.',
      ),
    );
    const body = posted(mock);
    expect(body).toMatchObject({ calculator: 'stir', name: 'Plough year', role: 'baseline' });
    expect((body.inputs as { operations: unknown[] }).operations[0]).toEqual({
      name: 'Mouldboard plough',
      speed_kmh: 7,
      depth_cm: 22,
      tillage_type: 'inversion',
      surface_disturbed_pct: 100,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Open No-till wheat 2026' }));
    await screen.findByRole('heading', { name: 'Opened: No-till wheat 2026' });
    expect(screen.getByText(/As computed then/).textContent).toContain('STIR 7.2');
    // No-till drill 6 (preset) + rolls 0.5 × 6.214 mph × 3.25 × 0.15 × 0.787 in = 1.193.
    expect(screen.getByRole('status').textContent).toBe(
      'STIR for the year: 7.2 — within the NRCS no-till threshold (≤ 20)',
    );
    expect(screen.getByLabelText('Name of operation 1')).toHaveValue('Direct drill');
    expect(screen.getByLabelText('Speed in km/h: Rolls')).toHaveValue(10);
  });

  it('with no signal, keeps a calculation on this device and saves it once the server answers', async () => {
    const calculation = saved(
      'stir',
      '21',
      'No-till wheat 2026',
      { operations: [] },
      { stir: 7.2 },
    );
    const online = serve(calculation);
    let reachable = false;
    const mock = vi.fn<typeof fetch>().mockImplementation((input, init) => {
      if (!reachable && init?.method === 'POST') return Promise.reject(new TypeError('offline'));
      return online(input, init);
    });
    vi.stubGlobal('fetch', mock);
    await startPlainOutbox(7);
    try {
      render(<StirCalculatorScreen />);
      await screen.findByRole('table', { name: 'Saved calculations' });
      await userEvent.type(screen.getByLabelText('Name'), 'Plough year');
      await userEvent.click(screen.getByRole('button', { name: 'Save calculation' }));
      const waiting = await screen.findByRole('region', {
        name: 'Calculations saved on this device, waiting to be sent',
      });
      expect(waiting).toHaveTextContent('Calculation “Plough year”');
      // The list shows the write as soon as it is kept; the alert follows once the send fails.
      await waitFor(() =>
        expect(useAlerts.getState().alerts.at(-1)?.message).toBe(
          'The calculation “Plough year” is saved on this device and will be sent as soon as the server can be reached.',
        ),
      );

      reachable = true;
      await act(() => drainOutbox());
      await waitFor(() => expect(waiting).not.toBeInTheDocument());
      const posts = mock.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posts).toHaveLength(2);
      const keys = posts.map(
        ([, init]) => (init?.headers as Record<string, string>)['idempotency-key'],
      );
      expect(keys[1]).toBe(keys[0]);
      expect(JSON.parse(posts[1]?.[1]?.body as string)).toMatchObject({ name: 'Plough year' });
    } finally {
      stopOutbox();
    }
  });

  it('exports each operation with its rating and the year against the threshold', () => {
    const operations: Operation[] = [
      {
        name: '',
        preset: 'chisel',
        type: 'mixing',
        speedKmh: 8,
        depthCm: 10,
        areaDisturbedPercent: 100,
      },
      {
        name: 'Rolls',
        preset: '',
        type: 'compression',
        speedKmh: 10,
        depthCm: 2,
        areaDisturbedPercent: 100,
      },
    ];
    const lines = calculatorCsv(stirCsv(operations, 'Highfield Arable')).slice(1).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'STIR Calculator',
      'Unit,Highfield Arable',
      `Method,${methodFor('stir').version}`,
      'Preset table,rusle2-stir@1',
    ]);
    expect(lines).toContain(
      'Operation 1,"Chisel plough (straight point, sweep or twisted shovel)",,,,,46,',
    );
    expect(lines).toContain('Rolls,,Compression (e.g. roller),10,2,100,1.193,');
    expect(lines).toContain('STIR for the year,47.193');
    expect(lines).toContain('Within the no-till threshold,no');
  });
});

describe('EIQ saved per unit', () => {
  it('keeps a spray as typed through saving: the product rate and content, or an EIQ entered', () => {
    const sprays: Application[] = [
      {
        product: 'Roundup',
        ingredient: 'glyphosate',
        activeIngredient: '',
        eiq: 0,
        contentGPerUnit: 360,
        ratePerHa: 3,
      },
      {
        product: 'Trial',
        ingredient: '',
        activeIngredient: 'Novel AI',
        eiq: 21.5,
        contentGPerUnit: 250,
        ratePerHa: 0.4,
      },
    ];
    const inputs = sprays.map(toInput);
    expect(inputs).toEqual([
      {
        name: 'Roundup',
        active_ingredient: 'glyphosate',
        product_rate_per_ha: 3,
        ai_g_per_unit: 360,
      },
      {
        name: 'Trial',
        eiq: 21.5,
        ingredient_name: 'Novel AI',
        product_rate_per_ha: 0.4,
        ai_g_per_unit: 250,
      },
    ]);
    expect(inputs.map(fromInput)).toEqual(sprays);
    // What the server stores is what the library computes: 15.33 × 1.08 + 21.5 × 0.1.
    const result = evaluate('eiq', { applications: inputs });
    expect((result.totals as { field_eiq_per_ha: number }).field_eiq_per_ha).toBeCloseTo(
      18.7064,
      6,
    );
    // An application given in kg a.i. per ha reopens as a pure product (1,000 g per kg).
    expect(fromInput({ active_ingredient: 'Metaldehyde', ai_kg_per_ha: 0.15 })).toMatchObject({
      ingredient: 'metaldehyde',
      ratePerHa: 0.15,
      contentGPerUnit: 1000,
    });

    const lines = calculatorCsv(eiqCsv(sprays, 'Highfield Arable')).slice(1).split('\r\n');
    expect(lines).toContain(
      "Roundup,Glyphosate (acid equivalent),15.33,ucropit list and R1's independent source (cornell-eiq@1),360,3,1.08,16.556,14.771,",
    );
    expect(lines).toContain('Trial,Novel AI,21.5,entered,250,0.4,0.1,2.15,1.918,');
    expect(lines).toContain('Field Use EIQ for the season,18.706,per ha (kg a.i./ha)');
  });

  it('reopens a saved season on its sprays', async () => {
    const inputs = {
      applications: [
        {
          name: 'Bravo',
          active_ingredient: 'chlorothalonil',
          product_rate_per_ha: 2,
          ai_g_per_unit: 500,
        },
      ],
    };
    serve(saved('eiq', '31', 'Potatoes 2026', inputs, { field_eiq_per_ha: 37.42 }));
    render(<EiqCalculatorScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Potatoes 2026' }));
    await screen.findByRole('heading', { name: 'Opened: Potatoes 2026' });
    expect(screen.getByLabelText('Product of spray 1')).toHaveValue('Bravo');
    expect(screen.getByRole('status').textContent).toMatch(
      /^Field Use EIQ for the season: 37.4 per hectare/,
    );
  });
});

describe('BPS saved per unit', () => {
  it('reopens a saved delinked year from its three payments', async () => {
    const inputs = { year: 2024, payments_2020_2022: [104850, 90380, 74653] };
    serve(saved('bps', '41', 'Delinked 2024', inputs, { payment_pence: 3798635 }));
    render(<BpsWhatIfScreen />);
    const table = await screen.findByRole('table', { name: 'Saved calculations' });
    expect(
      within(table).getByRole('rowheader', { name: 'Delinked 2024' }).closest('tr')?.textContent,
    ).toContain('£37,986.35');
    await userEvent.click(screen.getByRole('button', { name: 'Open Delinked 2024' }));
    await screen.findByRole('heading', { name: 'Opened: Delinked 2024' });
    expect(screen.getByLabelText('Scheme year')).toHaveValue('2024');
    expect(screen.getByLabelText('BPS payment received for 2021')).toHaveValue('90380');
    // Facts file §2.3, example 1.
    expect(screen.getByTestId('bps-payment').textContent).toBe('£37,986.35');
  });

  it('exports the inputs, each band’s slice and the other delinked years in pounds', () => {
    const inputs: BpsInputs = { year: 2024, payments_2020_2022: [104850, 90380, 74653] };
    const result = evaluate('bps', inputs) as EvaluationResult<BpsTotals>;
    const csv = bpsCsv({
      inputs,
      result,
      unitName: 'Highfield Beef',
      otherYears: otherYears(inputs),
    });
    const lines = calculatorCsv(csv).slice(1).split('\r\n');
    expect(lines).toContain('Scheme year,2024');
    expect(lines).toContain('BPS payment received for 2021,90380');
    expect(lines).toContain('"Up to £30,000.00",30000,50,15000,15000');
    expect(lines).toContain('Payment,37986.35');
    expect(lines).toContain('2025,82761,7200');
  });
});
