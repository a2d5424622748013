/**
 * The drawn part of a Chart: Chart.js on a canvas. This module is the only one that imports
 * Chart.js, and Chart.tsx loads it with import(), so the library is a chunk of its own that a
 * page fetches only when it shows a chart. Only the parts the three kinds use are registered.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChartProps } from './Chart.tsx';
import styles from './Chart.module.css';
import { chartConfig, type ChartJsConfig } from './chart-config.ts';
import { withAlpha, type ChartPalette } from './chart-colours.ts';

ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

/** Pixels per CSS pixel of the image printed in the canvas's place: sharp on paper. */
const PRINT_PIXEL_RATIO = 3;

type LiveChart = ChartJs<ChartJsConfig['type'], (number | null)[], string>;

/** Diagonal hatching in a colour over a pale tint of it: a forecast bar, told apart unseen. */
function hatch(colour: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const context = tile.getContext('2d');
  if (!context) return withAlpha(colour, 0.35);
  context.fillStyle = withAlpha(colour, 0.18);
  context.fillRect(0, 0, 8, 8);
  context.strokeStyle = colour;
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(-2, 10);
  context.lineTo(10, -2);
  context.moveTo(-2, 2);
  context.lineTo(2, -2);
  context.moveTo(6, 10);
  context.lineTo(10, 6);
  context.stroke();
  return context.createPattern(tile, 'repeat') ?? withAlpha(colour, 0.35);
}

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The chart drawn at the print ratio, as a PNG data URL. The live chart is redrawn at once at
 * the screen's ratio, so the screen never shows the change.
 */
function printImage(chart: LiveChart): string {
  const options = chart.config.options ?? {};
  chart.stop();
  options.devicePixelRatio = PRINT_PIXEL_RATIO;
  chart.update('none');
  chart.resize();
  chart.update('none');
  const url = chart.toBase64Image('image/png');
  delete options.devicePixelRatio;
  chart.update('none');
  chart.resize();
  return url;
}

export interface ChartCanvasProps {
  chart: ChartProps;
  palette: ChartPalette;
}

/**
 * The canvas, made a Chart.js chart that resizes with its container. For print, the canvas is
 * replaced by an image of the chart drawn at three times the resolution: a canvas is printed at
 * the resolution it was drawn at for the screen, which blurs on paper.
 */
export default function ChartCanvas({ chart, palette }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<LiveChart | null>(null);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const instance: LiveChart = new ChartJs(
      canvas,
      chartConfig({ props: chart, palette, hatch, animate: !prefersReducedMotion() }),
    );
    chartRef.current = instance;
    setImage(null);
    return () => {
      chartRef.current = null;
      instance.destroy();
    };
  }, [chart, palette]);

  useEffect(() => {
    const capture = () => {
      const instance = chartRef.current;
      if (instance) flushSync(() => setImage(printImage(instance)));
    };
    // beforeprint comes with the browser's print; the media query's change also with emulation.
    const print = typeof matchMedia === 'function' ? matchMedia('print') : null;
    const onChange = (event: MediaQueryListEvent) => event.matches && capture();
    window.addEventListener('beforeprint', capture);
    print?.addEventListener('change', onChange);
    return () => {
      window.removeEventListener('beforeprint', capture);
      print?.removeEventListener('change', onChange);
    };
  }, []);

  return (
    <div className={`${styles.canvasBox} ${image !== null ? styles.printReady : ''}`}>
      <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" />
      {image !== null && <img className={styles.printImage} src={image} alt="" />}
    </div>
  );
}
