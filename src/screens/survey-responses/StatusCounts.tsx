import { SURVEY_STATUSES, type SurveyStatusCounts } from '../../../shared/surveys/types.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { STATUS_LABELS } from './survey-status.ts';
import styles from './SurveyResponses.module.css';

/** The targeted units by status, every status that holds any (each unit counted once). */
export function StatusCounts({ counts, label }: { counts: SurveyStatusCounts; label: string }) {
  const shown = SURVEY_STATUSES.filter((status) => counts[status] > 0);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.counts} aria-label={label}>
      {shown.map((status) => (
        <div key={status} className={styles.count}>
          <dt>{STATUS_LABELS[status]}</dt>
          <dd>{formatNumber(counts[status])}</dd>
        </div>
      ))}
    </dl>
  );
}
