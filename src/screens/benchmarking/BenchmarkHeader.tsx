import { useId } from 'react';
import type { FarmBenchmark } from '../../../shared/benchmarking/api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { groupSizeText } from './benchmark-words.ts';
import styles from './Benchmarking.module.css';

/**
 * Whose figures these are and against whom: the unit, the period (a chooser of the periods the
 * API offers), whether the farm's period is complete, and each group with its size and band.
 */
export function BenchmarkHeader({
  data,
  onPeriod,
}: {
  data: FarmBenchmark;
  onPeriod: (period: string) => void;
}) {
  const periodId = useId();
  const unit = [data.unit.name, data.unit.region, data.sizeBand].filter(Boolean).join(' · ');
  return (
    <>
      <p className={styles.lead}>
        {data.enterprise.title} benchmarks from {data.provider.name} for <strong>{unit}</strong>.
      </p>
      <div className={styles.period}>
        <label htmlFor={periodId}>{data.periodTitle}</label>
        <select id={periodId} value={data.period} onChange={(e) => onPeriod(e.target.value)}>
          {[...data.periods].reverse().map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      {!data.ownComplete && (
        <p className={styles.incomplete} role="note">
          Your {data.periodTitle.toLowerCase()} {data.period} is not complete ({data.complete}), so
          your farm is in no group for it. The groups’ figures are still shown.
        </p>
      )}
      <h2>Your groups in {data.period}</h2>
      {data.groups.length === 0 ? (
        <p>Your farm is in no group for {data.period}.</p>
      ) : (
        <ul className={styles.groups}>
          {data.groups.map((group) => (
            <li key={group.id}>
              <strong>{group.title}</strong>
              <span>{group.description}</span>
              <span className={styles.muted}>{groupSizeText(data, group.id)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        Group figures worked out on {formatDate(data.computedAt, 'medium')} at{' '}
        {data.computedAt.slice(11, 16)} UTC.
      </p>
    </>
  );
}
