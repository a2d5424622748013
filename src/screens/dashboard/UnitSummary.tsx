import type { ApiUnitSummary } from '../../../shared/api.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { unitSummaryRead } from './dashboard-reads.ts';
import styles from './DashboardScreen.module.css';
import facts from '../../ui/facts/Facts.module.css';
import { dateTimeFormat } from '../../core/format/numbers.ts';

const dateTime = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

const RECORD_COLUMNS: Column<ApiUnitSummary['records'][number]>[] = [
  { key: 'type', header: 'Record type', rowHeader: true, hideLabel: true, cell: (r) => r.title },
  { key: 'entries', header: 'Entries', numeric: true, cell: (r) => r.count },
  {
    key: 'latest',
    header: 'Latest change',
    cell: (r) => (r.latest ? dateTime.format(new Date(r.latest.updated_at)) : '—'),
  },
];

/** The unit at a glance under the active plan; fetched only when farm, unit and plan are active. */
export function UnitSummary({ unitId, planId }: { unitId: number; planId: number }) {
  const { data, error, isLoading, mutate } = useApi<ApiUnitSummary>(
    ...unitSummaryRead(unitId, planId),
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
        <DataTable
          narrow="cards"
          caption="Records on this plan"
          columns={RECORD_COLUMNS}
          rows={records}
          rowKey={(r) => r.record_type}
        />
      )}
    </section>
  );
}
