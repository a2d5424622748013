/**
 * The chart's words, colours and Chart.js configuration, worked out by hand: how figures and
 * gaps read, which theme colour each series gets, and how a forecast is drawn apart from actuals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartProps } from '../../src/ui/chart/Chart.tsx';
import { chartConfig, tickLabel, wrapLabel } from '../../src/ui/chart/chart-config.ts';
import { contrast, readPalette, type ChartPalette } from '../../src/ui/chart/chart-colours.ts';
import { decimalsBySize, formatFigure, summarise } from '../../src/ui/chart/chart-text.ts';

describe('chart text', () => {
  it('shows figures with their unit: after with a space, £ before, % straight after, a gap as —', () => {
    expect(formatFigure(28.14, 'litres', 1)).toBe('28.1 litres');
    expect(formatFigure(1240, '£', 0)).toBe('£1,240');
    expect(formatFigure(-12.5, '£', 2)).toBe('−£12.50');
    expect(formatFigure(12.5, '%', 1)).toBe('12.5%');
    expect(formatFigure(642096, 'kg CO2e', 0)).toBe('642,096 kg CO2e');
    expect(formatFigure(null, 'litres', 1)).toBe('—');
  });

  it('picks decimals by the size of the largest figure', () => {
    expect(decimalsBySize([0.42, 1.5])).toBe(2);
    expect(decimalsBySize([28.1, 31.4])).toBe(1);
    expect(decimalsBySize([642096, null])).toBe(0);
  });

  it('summarises one figure, a flat series, and a series with no figures', () => {
    expect(
      summarise({
        kind: 'grouped-bars',
        unit: 'head',
        decimals: 0,
        categories: ['2025', '2026'],
        series: [
          { name: 'Births', values: [null, 41] },
          { name: 'Deaths', values: [3, 3] },
          { name: 'Sales', values: [null, null] },
        ],
      }),
    ).toBe(
      'Births was 41 head in 2026. No figure for 2025. Deaths was 3 head throughout. Sales has no figures.',
    );
  });
});

describe('chart colours', () => {
  afterEach(() => document.documentElement.removeAttribute('style'));

  const theme = (properties: Record<string, string>) => {
    for (const [name, value] of Object.entries(properties))
      document.documentElement.style.setProperty(name, value);
  };

  it('takes each brand role in order, a darker variant where the base is too pale to see', () => {
    theme({
      '--color-surface': '#ffffff',
      '--color-primary': '#1f6f43',
      '--color-info': '#1f6f43',
      // The default theme's warning: 1.9:1 on white; its 40% shade is 5.2:1.
      '--color-warning': '#f2b01e',
      '--color-warning-border': '#916a12',
      // Near the primary green: skipped too.
      '--color-success': '#2e7d32',
      '--color-danger': '#b3261e',
    });
    const palette = readPalette(document.documentElement);
    // Info repeats primary and success is close to it, so both are skipped.
    expect(palette.series).toEqual(['#1f6f43', '#916a12', '#b3261e']);
    for (const colour of palette.series)
      expect(contrast(colour, palette.background)).toBeGreaterThanOrEqual(3);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#f2b01e', '#ffffff')).toBeLessThan(3);
  });
});

describe('chart configuration', () => {
  const palette: ChartPalette = {
    series: ['#1f6f43', '#1565c0'],
    background: '#ffffff',
    text: '#1c2420',
    grid: '#c9d2cd',
  };
  const build = (props: ChartProps) =>
    chartConfig({ props, palette, hatch: (colour) => `hatched ${colour}`, animate: false });

  it('draws a forecast line dashed beside a solid actual one, with gaps left open', () => {
    const config = build({
      kind: 'line',
      title: 'Milk',
      unit: 'litres',
      categories: ['Jan', 'Feb', 'Mar'],
      series: [
        { name: 'Actual', values: [28.1, null, 31.4] },
        { name: 'Forecast', style: 'forecast', values: [29, 29.5, 30] },
      ],
    });
    expect(config.type).toBe('line');
    const [actual, forecast] = config.data.datasets as {
      data: unknown[];
      borderDash: number[];
      spanGaps: boolean;
      borderColor: string;
    }[];
    expect(actual).toMatchObject({ data: [28.1, null, 31.4], borderDash: [], spanGaps: false });
    expect(actual?.borderColor).toBe('#1f6f43');
    expect(forecast?.borderDash).toEqual([8, 5]);
    expect(forecast?.borderColor).toBe('#1565c0');
  });

  it('labels value ticks so that close ones stay apart, compact only from ten thousand', () => {
    expect(tickLabel(0.25)).toBe('0.25');
    expect(tickLabel(0.3)).toBe('0.3');
    expect(tickLabel(8350)).toBe('8,350');
    expect(tickLabel(8400)).toBe('8,400');
    expect(tickLabel(125_000)).toBe('125k');
  });

  it('wraps a long category name in lines of whole words', () => {
    expect(wrapLabel('Enteric CH4')).toBe('Enteric CH4');
    expect(wrapLabel('Manure management CH4')).toEqual(['Manure', 'management CH4']);
    expect(wrapLabel('Fuel and electricity')).toEqual(['Fuel and', 'electricity']);
  });

  it('hatches forecast bars, stacks stacked bars and lays horizontal bars along the x axis', () => {
    const config = build({
      kind: 'stacked-bars',
      title: 'Area',
      unit: 'ha',
      horizontal: true,
      categories: ['2025', '2026'],
      series: [
        { name: 'Wheat', values: [120, 110] },
        { name: 'Beans', style: 'forecast', values: [null, 26.5] },
      ],
    });
    expect(config.type).toBe('bar');
    const [wheat, beans] = config.data.datasets as { backgroundColor: string }[];
    expect(wheat?.backgroundColor).toBe('#1f6f43');
    expect(beans?.backgroundColor).toBe('hatched #1565c0');
    expect(config.options?.indexAxis).toBe('y');
    const scales = config.options?.scales as Record<
      string,
      { stacked: boolean; title?: { text: string } }
    >;
    expect(scales.x).toMatchObject({ stacked: true, title: { text: 'ha' } });
    expect(scales.y?.stacked).toBe(true);
  });

  it('draws quartiles as floating boxes with the median across them and the series as markers, a missing box as a gap', () => {
    const config = build({
      kind: 'quartiles',
      title: 'Milk per cow',
      unit: 'litres',
      categories: ['Your suppliers', 'All dairy farms'],
      boxes: [{ note: 'Not shown: fewer than 20 farms' }, { q1: 7400, median: 8120, q3: 8900 }],
      series: [{ name: 'Top 25%', values: [null, 9600] }],
    });
    expect(config.type).toBe('bar');
    const [box, median, top] = config.data.datasets as {
      type: string;
      label: string;
      data: unknown[];
      showLine?: boolean;
      backgroundColor: string;
    }[];
    expect(box).toMatchObject({ type: 'bar', data: [null, [7400, 8900]] });
    expect(median).toMatchObject({
      type: 'line',
      label: 'Median',
      data: [null, 8120],
      showLine: false,
    });
    // The boxes take the first colour; the markers start at the second.
    expect(top).toMatchObject({ label: 'Top 25%', data: [null, 9600], showLine: false });
    expect(top?.backgroundColor).toBe('#1565c0');
    const scales = config.options?.scales as Record<string, { beginAtZero?: boolean }>;
    expect(scales.y?.beginAtZero).toBe(false);
  });
});
