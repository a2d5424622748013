/**
 * The portal's one chart: a line chart over time (forecast against actual), grouped bars,
 * stacked bars or quartiles (a box from the lower to the upper quartile with the median, per
 * group), in the brand's colours. The figure says in words what the picture shows (its
 * summary) and holds its figures as a table behind a disclosure, so no one depends on the
 * picture: screen readers skip it, and if the chart library cannot be fetched the table opens.
 *
 * The library (Chart.js, in ChartCanvas.tsx) is fetched on first use: this module and its text,
 * colours and table are all a page loads until a chart is on screen.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import type { CSSProperties, JSX, RefObject } from 'react';
import { useBranding } from '../../core/branding/branding-store.ts';
import { logger } from '../../core/logging/logger.ts';
import { DataTable, type Column } from '../table/DataTable.tsx';
import styles from './Chart.module.css';
import type { ChartCanvasProps } from './ChartCanvas.tsx';
import { readPalette, seriesColour, type ChartPalette } from './chart-colours.ts';
import {
  BOX_LEGEND,
  categoryTotal,
  chartDecimals,
  formatFigure,
  markerOffset,
  NO_FIGURE,
  summarise,
} from './chart-text.ts';

export type ChartKind = 'line' | 'grouped-bars' | 'stacked-bars' | 'quartiles';

export interface ChartSeries {
  /** Legend text: "Actual", "Forecast", "Baseline", "Wheat"… */
  name: string;
  /** One per category; null = no figure (a gap, never 0). */
  values: readonly (number | null)[];
  /** forecast: dashed line / hatched bar; baseline: dotted line / pale bar. */
  style?: 'actual' | 'forecast' | 'baseline' | 'scenario';
  /**
   * Why a figure is missing, one per category: said in the table in its place ("Not shown:
   * fewer than 20 farms") instead of —, where a gap has a reason the reader must know.
   */
  notes?: readonly (string | null)[];
}

/**
 * One category's distribution for kind `quartiles`: the middle half of the group from its lower
 * to its upper quartile, with its median; or, where it has none, why (a suppressed statistic).
 */
export type ChartBox = { q1: number; median: number; q3: number } | { note: string };

export interface ChartProps {
  kind: ChartKind;
  /** The figcaption. */
  title: string;
  /** Shown on the value axis and in tooltips and table cells: "litres", "kg CO2e", "£". */
  unit: string;
  /** The x labels: "Mar 2026", "Enteric CH4"… */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** A text summary; when absent, one is generated. */
  summary?: string;
  /** Bars along the x axis (long category names, e.g. GHG sources). */
  horizontal?: boolean;
  /** The figures' decimals in table and tooltip (default: by size). */
  decimals?: number;
  /**
   * Kind `quartiles`: each category's box, drawn with the series as markers on it (the top 25%,
   * a farm's own figure).
   */
  boxes?: readonly ChartBox[];
}

type CanvasModule = { default: ComponentType<ChartCanvasProps> };

let canvasModule: Promise<CanvasModule> | null = null;

/** The chart library's chunk, fetched once; a failed fetch may be tried again by a later chart. */
function loadCanvas(): Promise<CanvasModule> {
  if (canvasModule) return canvasModule;
  // Kept apart from the checks below: Vite wraps an import() expression, chained calls and all.
  const pending: Promise<CanvasModule | undefined> = import('./ChartCanvas.tsx');
  canvasModule = pending
    .then((module) => {
      // A failed chunk whose vite:preloadError the app handles (src/core/pwa.ts) resolves empty.
      if (module?.default === undefined) throw new Error('The chart library did not load');
      return module;
    })
    .catch((error: unknown) => {
      canvasModule = null;
      throw error;
    });
  return canvasModule;
}

type Load =
  | { state: 'loading' }
  | { state: 'ready'; Canvas: ComponentType<ChartCanvasProps> }
  | { state: 'failed' };

function useCanvas(): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadCanvas().then(
      (module) => live && setLoad({ state: 'ready', Canvas: module.default }),
      (error: unknown) => {
        // Not an error to report to the user: the figures are still there, as a table.
        logger.warn('The chart library could not be loaded', error);
        if (live) setLoad({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return load;
}

/** The theme's colours as computed at the figure; read again when a brand's theme loads. */
function usePalette(figure: RefObject<HTMLElement | null>): ChartPalette | null {
  const theme = useBranding((s) => s.theme);
  const [palette, setPalette] = useState<ChartPalette | null>(null);
  useLayoutEffect(() => {
    if (!figure.current) return;
    const next = readPalette(figure.current);
    // The computed style exists only once the figure is laid out: it is read here, then kept.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the DOM, see above
    setPalette((previous) =>
      previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next,
    );
  }, [figure, theme]);
  return palette;
}

/** A row of the table alternative: a category and its index in the series' values. */
interface Row {
  category: string;
  index: number;
}

/** The quartiles' columns; a box that is missing says why in its first cell. */
function boxColumns(props: ChartProps, decimals: number): Column<Row>[] {
  const boxes = props.boxes ?? [];
  const column = (key: 'q1' | 'median' | 'q3', header: string, first: boolean): Column<Row> => ({
    key,
    header,
    numeric: true,
    cell: (row) => {
      const box = boxes[row.index];
      if (box === undefined) return NO_FIGURE;
      if ('note' in box) return first ? box.note : 'Not shown';
      return formatFigure(box[key], props.unit, decimals);
    },
  });
  return [
    column('q1', 'Lower quartile', true),
    column('median', 'Median', false),
    column('q3', 'Upper quartile', false),
  ];
}

function tableColumns(props: ChartProps, decimals: number): Column<Row>[] {
  const cell = (series: ChartSeries, index: number) => {
    const value = series.values[index] ?? null;
    const note = series.notes?.[index] ?? null;
    return value === null && note !== null ? note : formatFigure(value, props.unit, decimals);
  };
  const columns: Column<Row>[] = [
    {
      key: 'category',
      header: <span className="visually-hidden">Category</span>,
      label: 'Category',
      rowHeader: true,
      hideLabel: true,
      cell: (row) => row.category,
    },
    ...(props.kind === 'quartiles' ? boxColumns(props, decimals) : []),
    ...props.series.map((series, i): Column<Row> => ({
      key: `series-${String(i)}`,
      header: series.name,
      numeric: true,
      cell: (row) => cell(series, row.index),
    })),
  ];
  if (props.kind === 'stacked-bars' && props.series.length > 1) {
    columns.push({
      key: 'total',
      header: 'Total',
      numeric: true,
      cell: (row) => formatFigure(categoryTotal(props, row.index), props.unit, decimals),
    });
  }
  return columns;
}

/** The canvas's height: a bar per category (and per series when grouped) when horizontal. */
function heightOf(props: ChartProps): CSSProperties {
  if (!props.horizontal || props.kind === 'line') return {};
  if (props.kind === 'quartiles') {
    return { '--chart-height': `${String(4 + props.categories.length * 3)}rem` } as CSSProperties;
  }
  const bars = props.categories.length * (props.kind === 'grouped-bars' ? props.series.length : 1);
  return { '--chart-height': `${String(4 + bars * 1.75)}rem` } as CSSProperties;
}

export function Chart(props: ChartProps): JSX.Element {
  const figureRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const palette = usePalette(figureRef);
  const load = useCanvas();
  // The props by content, so a parent's re-render with the same figures does not redraw.
  const key = JSON.stringify(props);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, see above
  const stable = useMemo(() => props, [key]);
  const decimals = chartDecimals(props);
  const rows = props.categories.map((category, index) => ({ category, index }));
  const failed = load.state === 'failed';

  return (
    // Named by its caption explicitly too: not every accessibility API takes a figure's name
    // from its figcaption.
    <figure
      ref={figureRef}
      className={styles.chart}
      data-kind={props.kind}
      aria-labelledby={titleId}
    >
      <figcaption id={titleId} className={styles.title}>
        {props.title}
      </figcaption>
      {palette && (
        <ul className={styles.legend} aria-hidden="true">
          {props.kind === 'quartiles' && (
            <>
              <li>
                <span
                  className={`${styles.swatch} ${styles.box}`}
                  style={{ '--swatch': seriesColour(palette, 0) } as CSSProperties}
                />
                {BOX_LEGEND}
              </li>
              <li>
                <span
                  className={`${styles.swatch} ${styles.median}`}
                  style={{ '--swatch': palette.text } as CSSProperties}
                />
                Median
              </li>
            </>
          )}
          {props.series.map((series, i) => (
            <li key={series.name}>
              <span
                className={`${styles.swatch} ${styles[series.style ?? 'actual'] ?? ''} ${
                  props.kind === 'quartiles' ? (styles.marker ?? '') : ''
                }`}
                style={
                  {
                    '--swatch': seriesColour(palette, i + markerOffset(props.kind)),
                  } as CSSProperties
                }
              />
              {series.name}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.plot} style={heightOf(props)}>
        {load.state === 'ready' && palette ? (
          <load.Canvas chart={stable} palette={palette} />
        ) : failed ? (
          <p className={styles.failed}>
            The chart could not be drawn. Its figures are in the table below.
          </p>
        ) : (
          <div className={styles.skeleton} role="status" aria-busy="true">
            <span className="visually-hidden">Loading the chart…</span>
          </div>
        )}
      </div>
      <p className={styles.summary}>{props.summary ?? summarise(props)}</p>
      <details className={styles.figures} open={failed || undefined}>
        <summary>Show the figures as a table</summary>
        <DataTable
          narrow="cards"
          caption={props.unit === '' ? props.title : `${props.title} (${props.unit})`}
          columns={tableColumns(props, decimals)}
          rows={rows}
          rowKey={(row) => row.index}
        />
      </details>
    </figure>
  );
}
