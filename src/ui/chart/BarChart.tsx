import styles from './BarChart.module.css';
import { numberFormat } from '../../core/format/numbers.ts';

const compact = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });
const full = numberFormat({ maximumFractionDigits: 2 });

export interface Bar {
  label: string;
  value: number;
}

/**
 * A plain SVG bar chart in the theme's primary colour: no charting library, so it costs next to
 * nothing. It is a picture of a table shown beside it; screen readers get its title.
 */
export function BarChart({ bars, title }: { bars: readonly Bar[]; title: string }) {
  const width = 640;
  const height = 220;
  const top = 22;
  const bottom = 28;
  const max = Math.max(...bars.map((b) => b.value), 0);
  const slot = bars.length > 0 ? width / bars.length : width;
  const barWidth = Math.max(4, slot * 0.7);
  const scale = (value: number) => (max > 0 ? ((height - top - bottom) * value) / max : 0);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      role="img"
      aria-label={title}
    >
      <title>{title}</title>
      <line className={styles.axis} x1={0} x2={width} y1={height - bottom} y2={height - bottom} />
      {bars.map((bar, i) => {
        const h = scale(bar.value);
        const x = i * slot + (slot - barWidth) / 2;
        return (
          <g key={bar.label}>
            <rect
              className={styles.bar}
              x={x}
              y={height - bottom - h}
              width={barWidth}
              height={h}
              rx={2}
            >
              <title>{`${bar.label}: ${full.format(bar.value)}`}</title>
            </rect>
            <text className={styles.value} x={x + barWidth / 2} y={height - bottom - h - 6}>
              {compact.format(bar.value)}
            </text>
            <text className={styles.label} x={x + barWidth / 2} y={height - bottom + 16}>
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
