import { Link } from 'react-router-dom';
import type { DashboardForecast } from '../../../shared/dashboard/result.ts';
import { figureWithUnit, periodLabel } from '../reports/report-format.ts';
import { forecastText } from './dashboard-text.ts';
import { reportPath } from './dashboard-links.ts';
import { NoRecordsYet } from './KpiCard.tsx';
import styles from './Dashboard.module.css';

/** Actual against forecast for the current period, one entry per forecast report offered. */
export function ForecastBlock({ forecasts }: { forecasts: readonly DashboardForecast[] }) {
  if (forecasts.length === 0) return null;
  return (
    <section aria-labelledby="forecast-heading" className={styles.section}>
      <h2 id="forecast-heading">Forecast against actual</h2>
      <div className={styles.cards}>
        {forecasts.map((f) => {
          const path = reportPath(f.report.id);
          const id = `forecast-${f.report.id}`;
          return (
            <article key={f.report.id} className={styles.card} aria-labelledby={id}>
              <h3 id={id} className={styles.cardTitle}>
                {f.title}, {periodLabel(f.grain, f.period)}
              </h3>
              {f.actual === null && f.forecast === null ? (
                <NoRecordsYet recordTypes={f.recordTypes} />
              ) : (
                <>
                  <dl className={styles.pair}>
                    <dt>Actual</dt>
                    <dd>{figureWithUnit(f.actual, f.unit, f.decimals)}</dd>
                    <dt>Forecast</dt>
                    <dd>{figureWithUnit(f.forecast, f.unit, f.decimals)}</dd>
                  </dl>
                  <p className={styles.change}>{forecastText(f.difference, f.unit, f.decimals)}</p>
                </>
              )}
              {path && (
                <p className={styles.source}>
                  <Link to={path}>See {f.report.title}</Link>
                </p>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
