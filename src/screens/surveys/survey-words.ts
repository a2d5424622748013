import type { SurveyStatus, SurveySummary } from '../../../shared/surveys/types.ts';
import { SURVEY_EDITABLE } from '../../../shared/surveys/types.ts';

/** Each status in words, as the inbox, the wizard and the submissions list say it. */
export const STATUS_WORDS: Record<SurveyStatus, string> = {
  'not-started': 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  late: 'Late',
  closed: 'Closed',
  accepted: 'Accepted',
  queried: 'Queried',
  reopened: 'Reopened',
};

/** How soon "due soon" is: the dashboard and the inbox call out surveys closing within it. */
export const DUE_SOON_DAYS = 14;

const days = (n: number) => `${String(n)} day${n === 1 ? '' : 's'}`;

/**
 * The deadline in words for a survey still to answer: overdue, due today, or due within
 * DUE_SOON_DAYS days; null when it is answered, closed, or not due soon. A colour never says it
 * alone.
 */
export function dueWords(
  summary: Pick<SurveySummary, 'status' | 'daysToClose'>,
): { text: string; overdue: boolean } | null {
  if (!SURVEY_EDITABLE.includes(summary.status)) return null;
  const { daysToClose } = summary;
  if (daysToClose < 0) return { text: `Overdue by ${days(-daysToClose)}`, overdue: true };
  if (daysToClose === 0) return { text: 'Due today', overdue: false };
  if (daysToClose <= DUE_SOON_DAYS) return { text: `Due in ${days(daysToClose)}`, overdue: false };
  return null;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A timestamp in the user's own time: "24 Nov 2026, 14:02". */
export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));

/** A time of day in the user's own time: "14:02". */
export const formatTime = (at: Date): string => time.format(at);
