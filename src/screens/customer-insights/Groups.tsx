import type { CustomerInsights } from '../../../shared/benchmarking/api.ts';
import facts from '../../ui/facts/Facts.module.css';
import styles from './CustomerInsights.module.css';

/**
 * The two groups every figure compares: the provider's supplying units and the fixed comparison
 * group, in words. How many farms each figure comes from (n) and its band are told beside it.
 */
export function Groups({ insights }: { insights: CustomerInsights }) {
  return (
    <section aria-labelledby="groups-heading" className={styles.groups}>
      <h2 id="groups-heading">Groups compared</h2>
      <dl className={facts.facts}>
        <dt>{insights.suppliers.title}</dt>
        <dd>{insights.suppliers.description}</dd>
        <dt>{insights.comparison.title}</dt>
        <dd>{insights.comparison.description}</dd>
      </dl>
    </section>
  );
}
