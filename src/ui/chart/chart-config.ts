/**
 * A Chart component's props as a Chart.js configuration: which Chart.js type each kind is, how
 * each series style is drawn (dashes and hatching, so a forecast reads without colour), the value
 * axis titled with the unit, and tooltips worded as the table words its cells.
 */
import type { ChartConfiguration, ChartDataset, TooltipItem } from 'chart.js';
import type { ChartProps, ChartSeries } from './Chart.tsx';
import { seriesColour, withAlpha, type ChartPalette } from './chart-colours.ts';
import { BOX_LEGEND, chartDecimals, formatFigure, markerOffset } from './chart-text.ts';
import { numberFormat } from '../../core/format/numbers.ts';

type Style = NonNullable<ChartSeries['style']>;

/** Line dashes by style: forecast dashed, baseline dotted, actual and scenario solid. */
const LINE_DASH: Record<Style, number[]> = {
  actual: [],
  scenario: [],
  forecast: [8, 5],
  baseline: [2, 4],
};

/** Point shapes by style, so each line is told apart where it is a single point too. */
const POINT_STYLE: Record<Style, 'circle' | 'rectRot' | 'triangle' | 'rect'> = {
  actual: 'circle',
  scenario: 'rect',
  forecast: 'rectRot',
  baseline: 'triangle',
};

/** Draws a bar's hatched fill for a colour (a CanvasPattern; the canvas module makes it). */
export type HatchFactory = (colour: string) => CanvasPattern | string;

/**
 * What chartConfig gives: a line or a bar chart. Chart.js types each chart type's options
 * apart, and a union of the two is not assignable to its constructor, so both are given as the
 * mixed type its constructor takes.
 */
export type ChartJsConfig = ChartConfiguration<'line' | 'bar', (number | null)[], string>;

export interface ChartBuild {
  props: ChartProps;
  palette: ChartPalette;
  hatch: HatchFactory;
  /** False where the user prefers reduced motion. */
  animate: boolean;
}

/** The longest line of a category label before it wraps (on a phone, a label takes a third). */
const LABEL_LINE = 16;

/**
 * A long category name ("Manure management CH4") in lines of whole words, which Chart.js draws
 * one under another; left on one line, it is cut off at the chart's edge on a phone.
 */
export function wrapLabel(label: string, width = LABEL_LINE): string | string[] {
  if (label.length <= width) return label;
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/** A tooltip's figure: a value, or a floating bar's range ("7,400 to 8,900 litres"). */
function tooltipFigure(raw: unknown, unit: string, decimals: number): string {
  if (Array.isArray(raw) && typeof raw[0] === 'number' && typeof raw[1] === 'number') {
    return `${formatFigure(raw[0], unit, decimals)} to ${formatFigure(raw[1], unit, decimals)}`;
  }
  return formatFigure(typeof raw === 'number' ? raw : null, unit, decimals);
}

const compact = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });
const plain = numberFormat({ maximumFractionDigits: 3 });

/**
 * A value axis tick: compact from ten thousand ("12K"), below it the number itself, so that
 * close ticks stay apart (8,350 and 8,400, not 8.4K twice; 0.25 and 0.3, not 0.3 twice).
 */
export const tickLabel = (value: number): string =>
  Math.abs(value) >= 10_000 ? compact.format(value) : plain.format(value);

function lineDataset(series: ChartSeries, colour: string): ChartDataset<'line'> {
  const style = series.style ?? 'actual';
  return {
    label: series.name,
    data: [...series.values],
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: style === 'baseline' ? 2 : 3,
    borderDash: LINE_DASH[style],
    pointStyle: POINT_STYLE[style],
    pointRadius: 4,
    pointHoverRadius: 6,
    // A missing month is a gap in the line, never a slope through a zero or to the next figure.
    spanGaps: false,
  };
}

function barDataset(series: ChartSeries, colour: string, hatch: HatchFactory): ChartDataset<'bar'> {
  const style = series.style ?? 'actual';
  const fill =
    style === 'forecast' ? hatch(colour) : style === 'baseline' ? withAlpha(colour, 0.25) : colour;
  return {
    label: series.name,
    data: [...series.values],
    backgroundColor: fill,
    borderColor: colour,
    // Hatched and pale bars keep a solid outline in the series colour, so they stay visible.
    borderWidth: style === 'forecast' || style === 'baseline' ? 2 : 0,
    borderDash: style === 'forecast' ? [4, 3] : [],
    maxBarThickness: 48,
  } as ChartDataset<'bar'>;
}

/** A quartiles chart's markers' shapes, one per series, so they are told apart unseen. */
const MARKER_STYLES = ['rectRot', 'triangle', 'circle', 'rect'] as const;

/**
 * A quartiles chart's datasets: each box a floating bar from the lower to the upper quartile, the
 * median a bar across it (a point drawn as a line), and the series as markers without lines.
 */
function quartileDatasets(
  props: ChartProps,
  palette: ChartPalette,
  horizontal: boolean,
): ChartDataset<'bar' | 'line'>[] {
  const boxes = props.categories.map((_, i) => props.boxes?.[i]);
  const colour = seriesColour(palette, 0);
  const box = {
    type: 'bar',
    label: BOX_LEGEND,
    data: boxes.map((b) => (b === undefined || 'note' in b ? null : [b.q1, b.q3])),
    backgroundColor: withAlpha(colour, 0.3),
    borderColor: colour,
    borderWidth: 2,
    borderSkipped: false,
    maxBarThickness: 64,
    order: 2,
  } as unknown as ChartDataset<'bar'>;
  const median: ChartDataset<'line'> = {
    type: 'line',
    label: 'Median',
    data: boxes.map((b) => (b === undefined || 'note' in b ? null : b.median)),
    showLine: false,
    pointStyle: 'line',
    // The median crosses the box: across a vertical box, along the value axis of a horizontal one.
    pointRotation: horizontal ? 90 : 0,
    pointRadius: 22,
    pointHoverRadius: 22,
    borderWidth: 3,
    borderColor: palette.text,
    backgroundColor: palette.text,
    order: 1,
  };
  const markers = props.series.map((series, i): ChartDataset<'line'> => ({
    type: 'line',
    label: series.name,
    data: [...series.values],
    showLine: false,
    pointStyle: MARKER_STYLES[i % MARKER_STYLES.length],
    pointRadius: 7,
    pointHoverRadius: 9,
    borderColor: palette.background,
    borderWidth: 1,
    backgroundColor: seriesColour(palette, i + markerOffset(props.kind)),
    order: 0,
  }));
  return [box, median, ...markers];
}

/** The Chart.js configuration for a chart's props, in the palette read from its theme. */
export function chartConfig({ props, palette, hatch, animate }: ChartBuild): ChartJsConfig {
  const decimals = chartDecimals(props);
  const horizontal = props.horizontal === true && props.kind !== 'line';
  const stacked = props.kind === 'stacked-bars';
  const valueAxis = horizontal ? 'x' : 'y';
  const categoryAxis = horizontal ? 'y' : 'x';
  const font = { family: getComputedStyle(document.body).fontFamily || undefined };

  const scales = {
    [categoryAxis]: {
      stacked,
      grid: { display: false },
      ticks: { color: palette.text, font },
      border: { color: palette.grid },
    },
    [valueAxis]: {
      stacked,
      beginAtZero: props.kind !== 'line' && props.kind !== 'quartiles',
      grid: { color: palette.grid },
      border: { display: false },
      title: { display: props.unit !== '', text: props.unit, color: palette.text, font },
      ticks: {
        color: palette.text,
        font,
        callback: (value: number | string) =>
          typeof value === 'number' ? tickLabel(value) : value,
      },
    },
  };

  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: animate ? { duration: 400 } : (false as const),
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    interaction: { mode: 'index' as const, intersect: false },
    scales,
    plugins: {
      tooltip: {
        callbacks: {
          label: (item: Pick<TooltipItem<'bar'>, 'raw'> & { dataset: { label?: string } }) =>
            `${item.dataset.label ?? ''}: ${tooltipFigure(item.raw, props.unit, decimals)}`,
        },
      },
    },
  };

  if (props.kind === 'quartiles') {
    return {
      type: 'bar',
      data: {
        labels: props.categories.map((c) => wrapLabel(c)),
        datasets: quartileDatasets(props, palette, horizontal),
      },
      options,
    } as unknown as ChartJsConfig;
  }
  const colours = props.series.map((_, i) => seriesColour(palette, i));
  const labels = props.categories.map((c) => wrapLabel(c));
  if (props.kind === 'line') {
    return {
      type: 'line',
      data: { labels, datasets: props.series.map((s, i) => lineDataset(s, colours[i] ?? '')) },
      options,
    } satisfies ChartConfiguration<'line'> as unknown as ChartJsConfig;
  }
  return {
    type: 'bar',
    data: {
      labels,
      datasets: props.series.map((s, i) => barDataset(s, colours[i] ?? '', hatch)),
    },
    options,
  } satisfies ChartConfiguration<'bar'> as unknown as ChartJsConfig;
}
