import type { DashboardResult } from '../../../shared/dashboard/result.ts';
import { useApi } from '../../core/api/use-api.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { ActionsList } from './ActionsList.tsx';
import { unitDashboardRead } from './dashboard-reads.ts';
import { ForecastBlock } from './ForecastBlock.tsx';
import { KpiCard } from './KpiCard.tsx';
import styles from './Dashboard.module.css';

/**
 * Said where the unit's enterprise has no key figures (config/dashboard.json) or the plan's rules
 * allow none of their reports.
 */
export const NO_KEY_FIGURES = 'This plan has no key figures for this unit.';

/**
 * How the unit is doing: the key figures of its enterprise with the year before, forecast
 * against actual, and open actions (GET /api/units/{unit}/dashboard; the server decides what
 * the plan allows and works every figure out with the reports' own module).
 */
export function UnitDashboard({ unitId, planId }: { unitId: number; planId: number | null }) {
  const { data, error, isLoading, isValidating, mutate } = useApi<DashboardResult>(
    ...unitDashboardRead(unitId, planId),
  );
  // The section and its introduction draw at once, whatever the answer: on a phone they are the
  // page's largest text, and waiting for the figures to draw them held its first full paint back.
  return (
    <>
      <section aria-labelledby="kpi-heading" className={styles.section}>
        <h2 id="kpi-heading">Key figures</h2>
        <p className={styles.intro}>
          The latest 12 months recorded (the latest year or harvest for yearly figures), against the
          same before.
        </p>
        {isLoading ? (
          <Skeleton shape="cards" rows={4} />
        ) : error || !data ? (
          <LoadFailed
            what="The key figures"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data.kpis.length > 0 ? (
          <div className={styles.cards}>
            {data.kpis.map((kpi) => (
              <KpiCard key={kpi.id} kpi={kpi} />
            ))}
          </div>
        ) : (
          <p>{NO_KEY_FIGURES}</p>
        )}
      </section>
      {data && (
        <>
          <ForecastBlock forecasts={data.forecasts} />
          <ActionsList result={data} />
        </>
      )}
    </>
  );
}
