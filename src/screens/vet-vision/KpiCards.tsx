import type { AssessmentTemplate, KpiValues } from '../../../shared/assessments/types.ts';
import { kpiShown } from './kpi-format.ts';
import styles from './VetVision.module.css';

/** Each headline KPI: its value with its unit, and beside it the source of its meaning. */
export function KpiCards({
  template,
  values,
}: {
  template: AssessmentTemplate;
  values: KpiValues;
}) {
  return (
    <div className={styles.kpis}>
      {template.kpis.map((kpi) => (
        <dl key={kpi.id} className={styles.kpi} role="group" aria-label={kpi.title}>
          <dt>{kpi.title}</dt>
          <dd className={styles.value}>{kpiShown(kpi, values[kpi.id])}</dd>
          <dd className={styles.source}>
            {kpi.source.note}{' '}
            {kpi.source.url ? (
              <a href={kpi.source.url} rel="noreferrer" target="_blank">
                {kpi.source.title}
              </a>
            ) : (
              kpi.source.title
            )}
            .
          </dd>
        </dl>
      ))}
    </div>
  );
}
