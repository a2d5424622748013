import styles from './GroupedBars.module.css';
import { numberFormat } from '../../core/format/numbers.ts';

const full = numberFormat({ maximumFractionDigits: 0 });

export interface BarGroup {
  label: string;
  values: readonly number[];
}

/**
 * Horizontal bars in groups, one bar per series (baseline and scenario), in plain HTML and CSS:
 * no charting library, and it wraps to any width, a phone's included. It is a picture of the
 * table beside it; screen readers get its title and each bar's figure as text.
 */
export function GroupedBars({
  title,
  series,
  groups,
  unit,
}: {
  title: string;
  series: readonly string[];
  groups: readonly BarGroup[];
  unit: string;
}) {
  const max = Math.max(0, ...groups.flatMap((g) => g.values.map(Math.abs)));
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.title}>{title}</figcaption>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((name, i) => (
          <li key={name}>
            <span className={`${styles.swatch} ${styles[`series${String(i)}`] ?? ''}`} />
            {name}
          </li>
        ))}
      </ul>
      <dl className={styles.groups}>
        {groups.map((group) => (
          <div key={group.label} className={styles.group}>
            <dt className={styles.label}>{group.label}</dt>
            {group.values.map((value, i) => (
              <dd key={series[i] ?? i} className={styles.row}>
                <span
                  className={`${styles.bar} ${styles[`series${String(i)}`] ?? ''}`}
                  // The longest bar takes half the row, leaving room for its figure on a phone.
                  style={{ width: `${String(max > 0 ? (Math.abs(value) / max) * 50 : 0)}%` }}
                />
                <span className={styles.value}>
                  <span className="visually-hidden">{series[i]}: </span>
                  {full.format(value)} {unit}
                </span>
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </figure>
  );
}
