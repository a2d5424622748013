import type { ConfidentialityNote } from '../../../shared/benchmarking/api.ts';
import styles from './Benchmarking.module.css';

/** "20–99 farms: Indicative; 100–249 farms: Good; 250 farms or more: Excellent". */
function bandsText(bands: ConfidentialityNote['bands']): string {
  return bands
    .map((band, i) => {
      const next = bands[i + 1];
      const range =
        next === undefined
          ? `${String(band.from)} farms or more`
          : `${String(band.from)}–${String(next.from - 1)} farms`;
      return `${range}: ${band.label}`;
    })
    .join('; ');
}

/** The rules the server applied to every group figure on the page, as the API states them. */
export function Confidentiality({ note }: { note: ConfidentialityNote }) {
  return (
    <section className={styles.confidentiality} aria-labelledby="benchmark-confidentiality">
      <h2 id="benchmark-confidentiality">How we keep figures confidential</h2>
      <p>
        No one sees another farm’s figures: you see your own, and each group only as a whole, under
        these rules.
      </p>
      <ul>
        <li>A group’s figures are shown only when at least {note.minGroupSize} farms are in it.</li>
        <li>
          They are not shown when the largest {note.dominance.top} farms make up more than{' '}
          {note.dominance.percent}% of the group’s total.
        </li>
        <li>
          Figures more than {note.outlierIqr} times the interquartile range below the lower quartile
          or above the upper quartile are left out before the quartiles are worked out.
        </li>
        <li>
          Groups are fixed in advance; a group whose farms differ from one already shown by fewer
          than {note.minGroupSize} is not shown, so no farm can be worked out by subtraction.
        </li>
        <li>Each group shows how many farms it has and its accuracy: {bandsText(note.bands)}.</li>
      </ul>
      <h3>Where these rules come from</h3>
      <ul className={styles.sources}>
        {note.sources.map((s) => (
          <li key={s.rule}>
            {s.rule}. <span className={styles.muted}>Source: {s.source}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
