/**
 * A chart's figures as words: each value with its unit, and the summary read under the chart.
 * Pure functions of the chart's props, so the summary, the table and the tooltips agree, and
 * they can be tested without drawing anything.
 */
import { numberFormat } from '../../core/format/numbers.ts';

/** The part of a chart's props that its figures depend on (Chart.tsx's ChartProps). */
export interface ChartFigures {
  kind: 'line' | 'grouped-bars' | 'stacked-bars' | 'quartiles';
  unit: string;
  categories: readonly string[];
  series: readonly { name: string; values: readonly (number | null)[] }[];
  decimals?: number;
  /** Kind `quartiles`: each category's box, or why it has none. */
  boxes?: readonly ({ q1: number; median: number; q3: number } | { note: string })[];
}

/** The legend's and the tooltip's name for a quartiles chart's box. */
export const BOX_LEGEND = 'Middle half (lower to upper quartile)';

/**
 * The colour slot of a chart's first series: a quartiles chart's boxes take the first colour,
 * so the markers drawn on them start at the second.
 */
export const markerOffset = (kind: ChartFigures['kind']): number => (kind === 'quartiles' ? 1 : 0);

/** Units written before the figure (£12.50), not after it (12.5 litres). */
const PREFIX_UNITS: ReadonlySet<string> = new Set(['£', '€', '$']);
/** Units written straight after the figure, without a space (12.5%). */
const SUFFIX_UNITS: ReadonlySet<string> = new Set(['%']);

/** "No figure": how a gap reads in a table, a tooltip or the summary. */
export const NO_FIGURE = '—';

/**
 * Decimals by size when the chart names none: the larger the figures, the fewer places, so a
 * table of tonnes of CO2e is not cluttered with pence-like fractions and litres per cow keep one.
 */
export function decimalsBySize(values: readonly (number | null)[]): number {
  const largest = Math.max(0, ...values.map((v) => (v === null ? 0 : Math.abs(v))));
  if (largest >= 1000) return 0;
  if (largest >= 10) return 1;
  return 2;
}

/** Every figure of the chart, gaps left out. */
const allValues = (figures: ChartFigures): number[] => [
  ...figures.series.flatMap((s) => s.values.filter((v): v is number => v !== null)),
  ...(figures.boxes ?? []).flatMap((b) => ('note' in b ? [] : [b.q1, b.median, b.q3])),
];

/** The decimals the chart's figures are shown with. */
export const chartDecimals = (figures: ChartFigures): number =>
  figures.decimals ?? decimalsBySize(allValues(figures));

/** A number with exactly `decimals` places, grouped as the locale groups it. */
export function formatValue(value: number, decimals: number): string {
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

/** A figure with its unit ("28.1 litres", "£1,240", "12.5%"); a gap is "—". */
export function formatFigure(value: number | null, unit: string, decimals: number): string {
  if (value === null) return NO_FIGURE;
  const number = formatValue(Math.abs(value), decimals);
  const sign = value < 0 ? '−' : '';
  if (PREFIX_UNITS.has(unit)) return `${sign}${unit}${number}`;
  if (SUFFIX_UNITS.has(unit)) return `${sign}${number}${unit}`;
  return unit === '' ? `${sign}${number}` : `${sign}${number} ${unit}`;
}

/**
 * The lower end of a range: a figure whose unit follows it after a space drops the unit, which
 * the upper end carries ("from 28.1 to 31.4 litres"); £ and % stay with each figure.
 */
function rangeStart(value: number, unit: string, decimals: number): string {
  if (PREFIX_UNITS.has(unit) || SUFFIX_UNITS.has(unit)) return formatFigure(value, unit, decimals);
  return formatFigure(value, '', decimals);
}

/** The stacked total of one category; null when no series has a figure for it. */
export function categoryTotal(figures: ChartFigures, index: number): number | null {
  const values = figures.series
    .map((s) => s.values[index] ?? null)
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0);
}

/** "Mar 2026", "Mar 2026 and Apr 2026", "Jan 2026, Feb 2026 and Mar 2026". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** One sentence (or two) about one row of figures: its range, its peak and its gaps. */
function describe(
  name: string,
  values: readonly (number | null)[],
  categories: readonly string[],
  figure: (value: number) => string,
  start: (value: number) => string,
): string {
  const known = categories
    .map((category, i) => ({ category, value: values[i] ?? null }))
    .filter((p): p is { category: string; value: number } => p.value !== null);
  const gaps = categories.filter((_, i) => (values[i] ?? null) === null);
  const first = known[0];
  if (first === undefined) return `${name} has no figures.`;
  let sentence: string;
  if (known.length === 1) {
    sentence = `${name} was ${figure(first.value)} in ${first.category}.`;
  } else {
    const highest = known.reduce((a, b) => (b.value > a.value ? b : a));
    const lowest = known.reduce((a, b) => (b.value < a.value ? b : a));
    sentence =
      highest.value === lowest.value
        ? `${name} was ${figure(first.value)} throughout.`
        : `${name} ranged from ${start(lowest.value)} to ${figure(highest.value)}; highest in ${highest.category}, lowest in ${lowest.category}.`;
  }
  return gaps.length === 0 ? sentence : `${sentence} No figure for ${list(gaps)}.`;
}

/**
 * The text summary shown under a chart when it is given none: for each series its range and
 * where it peaked, the categories without a figure, and for stacked bars the totals' range.
 */
export function summarise(figures: ChartFigures): string {
  const decimals = chartDecimals(figures);
  const figure = (value: number) => formatFigure(value, figures.unit, decimals);
  const start = (value: number) => rangeStart(value, figures.unit, decimals);
  if (figures.kind === 'quartiles') return summariseBoxes(figures, figure, start);
  const sentences = figures.series.map((s) =>
    describe(s.name, s.values, figures.categories, figure, start),
  );
  if (figures.kind === 'stacked-bars' && figures.series.length > 1) {
    const totals = figures.categories.map((_, i) => categoryTotal(figures, i));
    sentences.push(describe('The total', totals, figures.categories, figure, start));
  }
  return sentences.join(' ');
}

/**
 * A quartiles chart in words, a sentence per category: "All dairy farms: median 8,120 litres;
 * the middle half from 7,400 to 8,900 litres; Top 25% 9,600 litres." A category without a box
 * says why.
 */
function summariseBoxes(
  figures: ChartFigures,
  figure: (value: number) => string,
  start: (value: number) => string,
): string {
  return figures.categories
    .map((category, i) => {
      const box = figures.boxes?.[i];
      const markers = figures.series
        .map((s) => ({ name: s.name, value: s.values[i] ?? null }))
        .filter((m): m is { name: string; value: number } => m.value !== null)
        .map((m) => `; ${m.name} ${figure(m.value)}`)
        .join('');
      if (box === undefined) return `${category}: no figures${markers}.`;
      if ('note' in box) return `${category}: ${box.note}${markers}.`;
      return `${category}: median ${figure(box.median)}; the middle half from ${start(box.q1)} to ${figure(box.q3)}${markers}.`;
    })
    .join(' ');
}
