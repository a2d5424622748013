import type { ApiUnitSummary } from '../../../shared/api.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import styles from './DashboardScreen.module.css';
import facts from '../../ui/facts/Facts.module.css';
import { dateTimeFormat } from '../../core/format/numbers.ts';

const dateTime = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** The unit at a glance under the active plan; fetched only when farm, unit and plan are active. */
export function UnitSummary({ unitId, planId }: { unitId: number; planId: number }) {
  const { data, error, isLoading, mutate } = useApi<ApiUnitSummary>(
    `/accounts/units/${unitId}/summary/${planId}`,
  );
  if (isLoading) return <Skeleton shape="report" columns={3} rows={4} />;
  if (error || !data) {
    return <LoadFailed what="The unit summary" error={error} onRetry={() => void mutate()} />;
  }
  const { unit, farm, plan, records } = data;
  return (
    <section className={styles.summary} aria-labelledby="unit-summary-heading">
      <h2 id="unit-summary-heading">Unit summary</h2>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <dt>Unit</dt>
        <dd>
          {unit.name} ({unit.unit_type_name})
        </dd>
        <dt>Holding number</dt>
        <dd>{unit.holding_number}</dd>
        <dt>Farm</dt>
        <dd>{farm.name}</dd>
        <dt>Main contact</dt>
        <dd>
          {farm.main_contact.first_name} {farm.main_contact.last_name}
        </dd>
        <dt>Plan</dt>
        <dd>
          {plan.provider_name}: {plan.name} (since {formatDate(plan.joined_on, 'medium')})
        </dd>
        <dt>Last updated</dt>
        <dd>
          {data.last_updated_at
            ? dateTime.format(new Date(data.last_updated_at))
            : 'No records yet'}
        </dd>
      </dl>
      {records.length > 0 && (
        <table className={styles.table}>
          <caption>Records on this plan</caption>
          <thead>
            <tr>
              <th scope="col">Record type</th>
              <th scope="col">Entries</th>
              <th scope="col">Latest change</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.record_type}>
                <th scope="row">{r.title}</th>
                <td>{r.count}</td>
                <td>{r.latest ? dateTime.format(new Date(r.latest.updated_at)) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
