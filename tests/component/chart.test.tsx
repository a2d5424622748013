/**
 * The Chart component as a reader meets it: its caption, the summary under it, the figures as a
 * table, and what it hands the drawing. happy-dom has no canvas, so the Chart.js module
 * (ChartCanvas.tsx) is replaced by a stand-in that shows which series it was given to draw;
 * e2e/charts.spec.ts draws the real thing in Chromium.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChartCanvasProps } from '../../src/ui/chart/ChartCanvas.tsx';
import { Chart, type ChartProps } from '../../src/ui/chart/Chart.tsx';

vi.mock('../../src/ui/chart/ChartCanvas.tsx', () => ({
  default: ({ chart, palette }: ChartCanvasProps) => (
    <ul aria-label="Drawn series">
      {chart.series.map((s, i) => (
        <li key={s.name}>
          {`${s.name} (${s.style ?? 'actual'}) in ${palette.series[i] ?? ''}: ${s.values
            .map((v) => (v === null ? 'gap' : String(v)))
            .join(', ')}`}
        </li>
      ))}
    </ul>
  ),
}));

const MILK: ChartProps = {
  kind: 'line',
  title: 'Milk per cow per day',
  unit: 'litres',
  categories: ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026'],
  series: [
    { name: 'Actual', style: 'actual', values: [28.1, null, 31.4, 30] },
    { name: 'Forecast', style: 'forecast', values: [29, 29.5, 30, 30.5] },
  ],
};

const openTable = async (name: string) => {
  await userEvent.click(screen.getByText('Show the figures as a table'));
  return screen.getByRole('table', { name });
};

describe('Chart', () => {
  it('is a figure named by its title, with a skeleton until the chart library has loaded', async () => {
    render(<Chart {...MILK} />);
    const figure = screen.getByRole('figure', { name: 'Milk per cow per day' });
    expect(within(figure).getByRole('status')).toHaveTextContent('Loading the chart…');
    expect(await within(figure).findByRole('list', { name: 'Drawn series' })).toBeVisible();
    expect(within(figure).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says in words what the chart shows: each series range and peak, and the months without a figure', () => {
    render(<Chart {...MILK} />);
    expect(
      screen.getByText(
        'Actual ranged from 28.1 to 31.4 litres; highest in Mar 2026, lowest in Jan 2026. ' +
          'No figure for Feb 2026. ' +
          'Forecast ranged from 29.0 to 30.5 litres; highest in Apr 2026, lowest in Jan 2026.',
      ),
    ).toBeVisible();
  });

  it('shows a summary it is given instead of its own', () => {
    render(<Chart {...MILK} summary="Yields rose through the spring." />);
    expect(screen.getByText('Yields rose through the spring.')).toBeVisible();
    expect(screen.queryByText(/ranged from/)).not.toBeInTheDocument();
  });

  it('holds its figures as a table behind a disclosure, units in the cells and a gap as —', async () => {
    render(<Chart {...MILK} />);
    expect(screen.queryByRole('table')).not.toBeVisible();
    const table = await openTable('Milk per cow per day (litres)');
    expect(table).toBeVisible();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Category', 'Actual', 'Forecast']);
    const february = within(table).getByRole('row', { name: /Feb 2026/ });
    expect(within(february).getByRole('rowheader')).toHaveTextContent('Feb 2026');
    expect(within(february).getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(within(february).getByRole('cell', { name: '29.5 litres' })).toBeInTheDocument();
    const april = within(table).getByRole('row', { name: /Apr 2026/ });
    expect(within(april).getByRole('cell', { name: '30.0 litres' })).toBeInTheDocument();
  });

  it('hands a gap to the drawing as a gap, never as 0, and the forecast with its style', async () => {
    render(<Chart {...MILK} />);
    const drawn = await screen.findByRole('list', { name: 'Drawn series' });
    const [actual, forecast] = within(drawn).getAllByRole('listitem');
    expect(actual).toHaveTextContent(/^Actual \(actual\) in #[0-9a-f]{6}: 28\.1, gap, 31\.4, 30$/);
    expect(forecast).toHaveTextContent(/^Forecast \(forecast\) in #[0-9a-f]{6}: 29, 29\.5, 30/);
    // Two series, two colours.
    const colour = (item: HTMLElement | undefined) =>
      /#[0-9a-f]{6}/.exec(item?.textContent ?? '')?.[0];
    expect(colour(actual)).not.toBe(colour(forecast));
  });

  it('adds a total to stacked bars, in the table and in the summary, with money before its figure', async () => {
    render(
      <Chart
        kind="stacked-bars"
        title="Costs by month"
        unit="£"
        decimals={0}
        categories={['Jan 2026', 'Feb 2026']}
        series={[
          { name: 'Feed', values: [12000, 13500] },
          { name: 'Vet', values: [800, null] },
        ]}
      />,
    );
    expect(screen.getByText(/Vet was £800 in Jan 2026\. No figure for Feb 2026\./)).toBeVisible();
    expect(
      screen.getByText(
        /The total ranged from £12,800 to £13,500; highest in Feb 2026, lowest in Jan 2026\./,
      ),
    ).toBeInTheDocument();
    const table = await openTable('Costs by month (£)');
    const january = within(table).getByRole('row', { name: /Jan 2026/ });
    expect(within(january).getByRole('cell', { name: '£12,800' })).toBeInTheDocument();
    const february = within(table).getByRole('row', { name: /Feb 2026/ });
    // Feed and the total; Vet has no figure.
    expect(within(february).getAllByRole('cell', { name: '£13,500' })).toHaveLength(2);
    expect(within(february).getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it('draws quartiles as a box per group with its median, a missing box saying why in the table and summary', async () => {
    render(
      <Chart
        kind="quartiles"
        title="Milk per cow, 2025"
        unit="litres"
        decimals={0}
        categories={['Your suppliers', 'All dairy farms']}
        boxes={[{ note: 'Not shown: fewer than 20 farms' }, { q1: 7400, median: 8120, q3: 8900 }]}
        series={[{ name: 'Top 25%', values: [null, 9600] }]}
      />,
    );
    expect(
      screen.getByText(
        'Your suppliers: Not shown: fewer than 20 farms. All dairy farms: median 8,120 litres; ' +
          'the middle half from 7,400 to 8,900 litres; Top 25% 9,600 litres.',
      ),
    ).toBeVisible();
    const table = await openTable('Milk per cow, 2025 (litres)');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Lower quartile', 'Median', 'Upper quartile', 'Top 25%']);
    const suppliers = within(table).getByRole('row', { name: /Your suppliers/ });
    expect(
      within(suppliers).getByRole('cell', { name: 'Not shown: fewer than 20 farms' }),
    ).toBeInTheDocument();
    expect(within(suppliers).queryByRole('cell', { name: /^0/ })).not.toBeInTheDocument();
    const all = within(table).getByRole('row', { name: /All dairy farms/ });
    expect(within(all).getByRole('cell', { name: '8,120 litres' })).toBeInTheDocument();
    expect(within(all).getByRole('cell', { name: '9,600 litres' })).toBeInTheDocument();
  });

  it("says a gap's reason in the table in its place when the series gives one", async () => {
    render(
      <Chart
        kind="line"
        title="Median milk per cow"
        unit="litres"
        decimals={0}
        categories={['2024', '2025']}
        series={[
          {
            name: 'Your suppliers',
            values: [null, 8000],
            notes: ['Not shown: fewer than 20 farms', null],
          },
        ]}
      />,
    );
    const table = await openTable('Median milk per cow (litres)');
    const row = within(table).getByRole('row', { name: /2024/ });
    expect(within(row).getByRole('cell', { name: 'Not shown: fewer than 20 farms' })).toBeVisible();
  });
});
