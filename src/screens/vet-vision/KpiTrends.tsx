import type {
  AssessmentSummary,
  AssessmentTemplate,
  AssessmentTemplates,
} from '../../../shared/assessments/types.ts';
import type { ApiPaged } from '../../../shared/api.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Chart } from '../../ui/chart/Chart.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { assessmentsPath, kpiShown, pinnedOf } from './kpi-format.ts';
import styles from './VetVision.module.css';

/** The most signed visits a trend reads: the API's largest page. */
const VISITS = 100;

/**
 * Each KPI across the signed visits, oldest first, one chart per KPI of each template the unit
 * has visits on (Chart: a lazily loaded canvas, with its figures as a table and a text summary).
 * A KPI a visit could not work out is a gap, never 0.
 */
export function KpiTrends({
  unitId,
  templates,
}: {
  unitId: number;
  templates: AssessmentTemplates;
}) {
  const read = useApi<ApiPaged<AssessmentSummary>>(assessmentsPath(unitId), {
    status: 'signed',
    per_page: VISITS,
  });
  return (
    <section aria-labelledby="vet-vision-trends">
      <h2 id="vet-vision-trends">Trends across visits</h2>
      {read.data === undefined ? (
        read.error ? (
          <LoadFailed what="The trends" error={read.error} onRetry={() => void read.mutate()} />
        ) : (
          <Skeleton shape="report" />
        )
      ) : read.data.records.length === 0 ? (
        <p>Trends show once an assessment is signed.</p>
      ) : (
        <TemplateTrends visits={read.data.records} templates={templates} />
      )}
    </section>
  );
}

function TemplateTrends({
  visits,
  templates,
}: {
  visits: readonly AssessmentSummary[];
  templates: AssessmentTemplates;
}) {
  // By template id, oldest visit first; a KPI's meaning is the newest version's of those used.
  const byTemplate = new Map<
    string,
    { template: AssessmentTemplate; visits: AssessmentSummary[] }
  >();
  for (const visit of [...visits].reverse()) {
    const template = pinnedOf(templates, visit.template);
    if (!template) continue;
    const group = byTemplate.get(template.id) ?? { template, visits: [] };
    if (template.version > group.template.version) group.template = template;
    group.visits.push(visit);
    byTemplate.set(template.id, group);
  }
  return (
    <>
      {[...byTemplate.values()].map(({ template, visits: group }) => (
        <section key={template.id} aria-label={template.title}>
          {byTemplate.size > 1 && <h3>{template.title}</h3>}
          <div className={styles.charts}>
            {template.kpis.map((kpi) => {
              const values = group.map((v) => v.kpis[kpi.id] ?? null);
              const last = group.length - 1;
              return (
                <Chart
                  key={kpi.id}
                  kind="line"
                  title={`${kpi.title} (${kpi.unit})`}
                  unit={kpi.unit}
                  decimals={kpi.decimals}
                  categories={group.map((v) => formatDate(v.visitDate, 'medium'))}
                  series={[{ name: kpi.title, values }]}
                  summary={`${kpi.title} at the latest visit (${formatDate(group[last]?.visitDate ?? '', 'medium')}): ${kpiShown(kpi, values[last])}; ${kpi.better} is better. Over ${String(group.length)} ${group.length === 1 ? 'visit' : 'visits'}.`}
                />
              );
            })}
          </div>
        </section>
      ))}
    </>
  );
}
