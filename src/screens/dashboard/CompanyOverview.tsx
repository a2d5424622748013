import { Link } from 'react-router-dom';
import type { DashboardOverview } from '../../../shared/dashboard/result.ts';
import { useApi } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { dateTimeFormat, numberFormat } from '../../core/format/numbers.ts';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { Skeleton } from '../../ui/skeleton/Skeleton.tsx';
import styles from './Dashboard.module.css';

const dateTime = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * Company staff with no unit chosen: how many units they may open and the newest changes the
 * server lets them see (GET /api/accounts/activity). Providers' figures wait for the
 * confidential aggregates (issue 19).
 */
export function CompanyOverview() {
  const { data, error, isLoading, isValidating, mutate } =
    useApi<DashboardOverview>('/accounts/activity');
  if (isLoading) return <Skeleton shape="cards" rows={2} />;
  if (error || !data) {
    return (
      <LoadFailed
        what="Your units' activity"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  }
  return (
    <section aria-labelledby="overview-heading" className={styles.section}>
      <h2 id="overview-heading">Your units</h2>
      <p className={styles.figure}>
        {numberFormat().format(data.units)} {data.units === 1 ? 'unit' : 'units'}
      </p>
      <p>
        <Link to={appPaths.selectUnit}>Choose a unit</Link> to see its key figures.
      </p>
      <h3 className={styles.cardTitle}>Recent activity</h3>
      {data.activity.length === 0 ? (
        <p>No records have been changed on your units yet.</p>
      ) : (
        <ul className={styles.actions}>
          {data.activity.map((a) => (
            <li key={a.unit_id}>
              <strong>
                {a.unit_name} ({a.farm_name})
              </strong>
              <span>{a.record_title} changed</span>
              <span>{dateTime.format(new Date(a.updated_at))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
