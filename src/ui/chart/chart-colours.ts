/**
 * A chart's series colours, taken from the brand's theme (the CSS custom properties of
 * theme-colours.ts) as the page has them when the chart is drawn, so a chart follows a brand
 * switch. No colour library: this loads with the chart's frame and legend, before Chart.js.
 */

/** The order brand roles colour a chart's series in: the brand's own colour first. */
const ROLES = ['primary', 'info', 'warning', 'success', 'danger', 'secondary'] as const;

/**
 * For each role, the base first, then its darker variants (40% and 60% shades): the first
 * with enough contrast on the chart's background is used.
 */
const VARIANTS = ['', '-border', '-fg'] as const;

/** WCAG 2.1's minimum for graphical objects (1.4.11 Non-text Contrast). */
export const MIN_CONTRAST = 3;

/**
 * Two colours closer than this (distance in sRGB, 0 to 441) read as one in a legend: a brand's
 * success green beside its primary green. The later one is skipped.
 */
const MIN_DISTANCE = 60;

/** Colours used when the page sets no theme (a test's bare document). */
const FALLBACK = ['#1f6f43', '#1565c0', '#7a5a0c', '#2e7d32', '#b3261e', '#4f5b55'];
const FALLBACK_BACKGROUND = '#ffffff';

function rgb(colour: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(colour.trim())?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const parts = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(colour.trim());
  return parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** How far apart two colours are in sRGB; 0 when either cannot be read. */
function distance(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return 0;
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/** WCAG contrast ratio of two colours (1 to 21); 1 when either cannot be read. */
export function contrast(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return 1;
  const [light, dark] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour at an opacity, as rgba(); a colour that cannot be read is returned as it is. */
export function withAlpha(colour: string, alpha: number): string {
  const parts = rgb(colour);
  return parts ? `rgba(${parts.join(', ')}, ${String(alpha)})` : colour;
}

export interface ChartPalette {
  /** One colour per series slot, each at least MIN_CONTRAST on the background. */
  series: readonly string[];
  background: string;
  /** Axis labels and titles. */
  text: string;
  /** Grid lines. */
  grid: string;
}

/**
 * The palette for a chart drawn inside `element`, from the theme's custom properties as computed
 * there. A role whose colours all fall short of the contrast minimum is skipped, and so is one
 * that repeats an earlier role's colour or comes close to it (a brand whose info is its primary,
 * or whose success green is near its primary green).
 */
export function readPalette(element: Element): ChartPalette {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const background = read('--color-surface') || FALLBACK_BACKGROUND;
  const series: string[] = [];
  for (const role of ROLES) {
    const colour = VARIANTS.map((v) => read(`--color-${role}${v}`)).find(
      (c) => c !== '' && contrast(c, background) >= MIN_CONTRAST,
    );
    if (colour !== undefined && series.every((c) => distance(c, colour) >= MIN_DISTANCE)) {
      series.push(colour.toLowerCase());
    }
  }
  return {
    series: series.length > 0 ? series : FALLBACK,
    background,
    text: read('--color-text') || '#212529',
    grid: read('--color-border') || '#dee2e6',
  };
}

/** The colour of the series at `index`; the palette repeats past its end. */
export const seriesColour = (palette: ChartPalette, index: number): string =>
  palette.series[index % palette.series.length] ?? FALLBACK[0] ?? '#000000';
