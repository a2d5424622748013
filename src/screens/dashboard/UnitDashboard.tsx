import type { DashboardResult } from '../../../shared/dashboard/result.ts';
import { useApi } from '../../core/api/use-api.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { ActionsList } from './ActionsList.tsx';
import { ForecastBlock } from './ForecastBlock.tsx';
import { KpiCard } from './KpiCard.tsx';
import styles from './Dashboard.module.css';

/**
 * How the unit is doing: the key figures of its enterprise with the year before, forecast
 * against actual, and open actions (GET /api/units/{unit}/dashboard; the server decides what
 * the plan allows and works every figure out with the reports' own module).
 */
export function UnitDashboard({ unitId, planId }: { unitId: number; planId: number | null }) {
  const { data, error, isLoading, isValidating, mutate } = useApi<DashboardResult>(
    `/units/${String(unitId)}/dashboard`,
    planId === null ? {} : { plan: String(planId) },
  );
  if (isLoading) return <Skeleton shape="cards" rows={4} />;
  if (error || !data) {
    return (
      <LoadFailed
        what="The key figures"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  }
  return (
    <>
      {data.kpis.length > 0 && (
        <section aria-labelledby="kpi-heading" className={styles.section}>
          <h2 id="kpi-heading">Key figures</h2>
          <p className={styles.intro}>
            The latest 12 months recorded (the latest year or harvest for yearly figures), against
            the same before.
          </p>
          <div className={styles.cards}>
            {data.kpis.map((kpi) => (
              <KpiCard key={kpi.id} kpi={kpi} />
            ))}
          </div>
        </section>
      )}
      <ForecastBlock forecasts={data.forecasts} />
      <ActionsList result={data} />
    </>
  );
}
