import { useId } from 'react';
import type { CustomerInsights } from '../../../shared/benchmarking/api.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import styles from './CustomerInsights.module.css';

interface ChoosersProps {
  insights: CustomerInsights;
  /** A new choice is being read: the choosers say so. */
  busy: boolean;
  onEnterprise: (enterprise: string) => void;
  onPeriod: (period: string) => void;
}

const units = (n: number) => `${formatNumber(n, 0)} unit${n === 1 ? '' : 's'}`;

/** The enterprise (with how many supplying units each has) and the period, newest first. */
export function Choosers({ insights, busy, onEnterprise, onPeriod }: ChoosersProps) {
  const enterpriseId = useId();
  const periodId = useId();
  return (
    <form
      className={styles.choosers}
      aria-label="Figures shown"
      aria-busy={busy || undefined}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className={styles.chooser}>
        <label htmlFor={enterpriseId}>Enterprise</label>
        <select
          id={enterpriseId}
          value={insights.enterprise.id}
          onChange={(e) => onEnterprise(e.target.value)}
        >
          {/* The enterprise shown is offered even when the provider has no units in it. */}
          {insights.enterprises.some((e) => e.id === insights.enterprise.id) ? null : (
            <option value={insights.enterprise.id}>{insights.enterprise.title} (no units)</option>
          )}
          {insights.enterprises.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({units(e.units)})
            </option>
          ))}
        </select>
      </div>
      <div className={styles.chooser}>
        <label htmlFor={periodId}>{insights.periodTitle}</label>
        <select id={periodId} value={insights.period} onChange={(e) => onPeriod(e.target.value)}>
          {[...insights.periods].reverse().map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
