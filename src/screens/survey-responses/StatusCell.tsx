import type { CompanyResponseRow, SurveyReminder } from '../../../shared/surveys/types.ts';
import { formatDate } from '../../core/format/dates.ts';
import { STATUS_LABELS } from './survey-status.ts';
import styles from './SurveyResponses.module.css';

/** "Reminded by Priya Shah on 24 Nov 2026". */
export const reminderText = (reminder: SurveyReminder) =>
  `Reminded by ${reminder.by.name} on ${formatDate(reminder.at, 'medium')}`;

/** A unit's status as a tag, and whether its return came in after the due date. */
export function StatusCell({ row }: { row: Pick<CompanyResponseRow, 'status' | 'submittedLate'> }) {
  return (
    <>
      <span className={`${styles.status} ${styles[`status-${row.status}`] ?? ''}`}>
        {STATUS_LABELS[row.status]}
      </span>
      {row.submittedLate && <span className={styles.sub}>Submitted after the due date</span>}
    </>
  );
}
