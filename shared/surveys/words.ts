/**
 * How a survey's status and deadline are said, wherever they are shown: the farm's inbox and
 * wizard, the submissions list, the staff's responses and the dashboard's surveys due (whose
 * words the server writes). No React, no Node.
 */
import { SURVEY_EDITABLE, type SurveyStatus, type SurveySummary } from './types.ts';

/** Each status in words (shared/surveys/types.ts explains them). */
export const SURVEY_STATUS_TITLES: Readonly<Record<SurveyStatus, string>> = {
  'not-started': 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  late: 'Late',
  closed: 'Closed',
  accepted: 'Accepted',
  queried: 'Queried',
  reopened: 'Reopened',
};

/** How soon "due soon" is: the inbox and the dashboard call out surveys closing within it. */
export const SURVEY_DUE_SOON_DAYS = 14;

const days = (n: number) => `${String(n)} day${n === 1 ? '' : 's'}`;

/**
 * The deadline in words for a survey still to answer: overdue, due today, or due within
 * SURVEY_DUE_SOON_DAYS days; null when it is answered, closed, or not due soon. A colour never
 * says it alone.
 */
export function dueWords(
  summary: Pick<SurveySummary, 'status' | 'daysToClose'>,
): { text: string; overdue: boolean } | null {
  if (!SURVEY_EDITABLE.includes(summary.status)) return null;
  const { daysToClose } = summary;
  if (daysToClose < 0) return { text: `Overdue by ${days(-daysToClose)}`, overdue: true };
  if (daysToClose === 0) return { text: 'Due today', overdue: false };
  if (daysToClose <= SURVEY_DUE_SOON_DAYS) {
    return { text: `Due in ${days(daysToClose)}`, overdue: false };
  }
  return null;
}
