import { Link } from 'react-router-dom';
import type { DashboardKpi } from '../../../shared/dashboard/result.ts';
import { figureWithUnit } from '../reports/report-format.ts';
import { changeText, directionOf, windowText } from './dashboard-text.ts';
import { recordPath, recordTitle, reportPath } from './dashboard-links.ts';
import styles from './Dashboard.module.css';

const ARROWS = { up: '▲', down: '▼', same: '▬', unknown: '' } as const;

/** The change itself with its sign: "+2.9 l/cow/day", "−£1,200". */
const signed = (value: number, unit: string, decimals: number) =>
  `${value > 0 ? '+' : '−'}${figureWithUnit(Math.abs(value), unit, decimals)}`;

/** What to enter when a figure has no records: "No records yet: enter Monthly Records". */
export function NoRecordsYet({ recordTypes }: { recordTypes: readonly string[] }) {
  return (
    <p className={styles.missing}>
      No records yet
      {recordTypes.length > 0 && (
        <>
          : enter{' '}
          {recordTypes.map((type, i) => {
            const path = recordPath(type);
            return (
              <span key={type}>
                {i > 0 && (i === recordTypes.length - 1 ? ' and ' : ', ')}
                {path ? <Link to={path}>{recordTitle(type)}</Link> : recordTitle(type)}
              </span>
            );
          })}
        </>
      )}
    </p>
  );
}

/**
 * One key figure: its value over the latest window with its unit, the change on the window
 * before in words (the arrow only repeats them), the periods it covers, and a link to its report.
 */
export function KpiCard({ kpi }: { kpi: DashboardKpi }) {
  const headingId = `kpi-${kpi.id}`;
  const direction = directionOf(kpi.change);
  const path = reportPath(kpi.report.id);
  const missing = kpi.current.value === null;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {kpi.title}
      </h3>
      {missing ? (
        <NoRecordsYet recordTypes={kpi.recordTypes} />
      ) : (
        <>
          <p className={styles.figure}>
            {figureWithUnit(kpi.current.value, kpi.unit, kpi.decimals)}
          </p>
          <p className={styles.change} data-direction={direction}>
            {ARROWS[direction] && <span aria-hidden="true">{ARROWS[direction]} </span>}
            {changeText(kpi.change, kpi.unit, kpi.decimals)}
            {kpi.previous.value !== null && (
              <span className={styles.before}>
                {' '}
                (then {figureWithUnit(kpi.previous.value, kpi.unit, kpi.decimals)}
                {kpi.change.absolute !== null &&
                  kpi.change.absolute !== 0 &&
                  `; ${signed(kpi.change.absolute, kpi.unit, kpi.decimals)}`}
                )
              </span>
            )}
          </p>
        </>
      )}
      <p className={styles.period}>{windowText(kpi.grain, kpi.current)}</p>
      {kpi.breakdown.length > 0 && (
        <ul className={styles.breakdown} aria-label={`${kpi.title}, each`}>
          {kpi.breakdown.map((b) => (
            <li key={b.label}>
              <span>{b.label === '' ? 'Not given' : b.label}</span>{' '}
              <span>
                {figureWithUnit(b.current.value, kpi.unit, kpi.decimals)}
                {b.current.value !== null && `, ${changeText(b.change, kpi.unit, kpi.decimals)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {kpi.description && <p className={styles.description}>{kpi.description}</p>}
      {path && (
        <p className={styles.source}>
          <Link to={path} aria-label={`${kpi.title}: see ${kpi.report.title}`}>
            See {kpi.report.title}
          </Link>
        </p>
      )}
    </article>
  );
}
