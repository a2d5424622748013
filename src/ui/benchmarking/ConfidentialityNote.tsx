import type { ConfidentialityNote as Rules } from '../../../shared/benchmarking/api.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { bandsText } from './statistic-text.ts';
import styles from './ConfidentialityNote.module.css';

/**
 * "How we keep figures confidential": the rules in force as the server answers them (so the page
 * can never say other than the server does), and where each rule comes from.
 */
export function ConfidentialityNote({ rules }: { rules: Rules }) {
  const min = formatNumber(rules.minGroupSize, 0);
  const { top, percent } = rules.dominance;
  return (
    <section aria-labelledby="confidentiality-heading" className={styles.note}>
      <h2 id="confidentiality-heading">How we keep figures confidential</h2>
      <ul>
        <li>
          A group&rsquo;s figures are shown only when at least {min} farms contribute to them;
          otherwise the page says &ldquo;Not shown: fewer than {min} farms&rdquo;.
        </li>
        <li>
          A figure is not shown when one farm, or the largest {formatNumber(top, 0)} together, make
          up more than {formatNumber(percent, 0)}% of the group&rsquo;s total.
        </li>
        <li>
          Values more than {formatNumber(rules.outlierIqr)} times the interquartile range below the
          lower quartile or above the upper quartile are left out as outliers first.
        </li>
        <li>
          Groups are fixed in advance, never chosen by filters; a group whose farms differ from one
          already shown by fewer than {min} is not shown, so no farm&rsquo;s figure can be found by
          subtracting one group from another.
        </li>
        <li>
          Every figure shows how many farms it comes from (n) and its accuracy:{' '}
          {bandsText(rules.bands)}.
        </li>
      </ul>
      <h3>Where the rules come from</h3>
      <dl className={styles.sources}>
        {rules.sources.map((s) => (
          <div key={s.rule}>
            <dt>{s.rule}</dt>
            <dd>{s.source}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
