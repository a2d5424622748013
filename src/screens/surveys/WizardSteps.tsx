import styles from './Surveys.module.css';

interface WizardStepsProps {
  titles: readonly string[];
  /** 0-based; titles.length is the review. */
  current: number;
}

/**
 * Where the farm is in the survey: "Page 2 of 5" and the list of pages, the current one marked
 * aria-current="step" (and in bold, not only by colour).
 */
export function WizardSteps({ titles, current }: WizardStepsProps) {
  const review = current >= titles.length;
  return (
    <nav aria-label="Survey progress" className={styles.steps}>
      <p className={styles.stepCount}>
        {review
          ? `Review (after ${String(titles.length)} page${titles.length === 1 ? '' : 's'})`
          : `Page ${String(current + 1)} of ${String(titles.length)}`}
      </p>
      <ol>
        {[...titles, 'Review and submit'].map((title, i) => (
          <li key={title + String(i)} aria-current={i === current ? 'step' : undefined}>
            {title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
