import type {
  CompanySurveySummary,
  SurveyStatus,
  SurveyStatusCounts,
} from '../../../shared/surveys/types.ts';
import { formatNumber } from '../../core/format/numbers.ts';

/** Each status in the staff's words (shared/surveys/types.ts explains them). */
export const STATUS_LABELS: Record<SurveyStatus, string> = {
  'not-started': 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  late: 'Late',
  closed: 'Closed',
  accepted: 'Accepted',
  queried: 'Queried',
  reopened: 'Reopened',
};

export const PHASE_LABELS: Record<CompanySurveySummary['phase'], string> = {
  upcoming: 'Not open yet',
  open: 'Open',
  late: 'Past its due date, taking late returns',
  closed: 'Closed',
};

/** Returns the provider holds: awaiting a decision or accepted. */
export const returned = (counts: SurveyStatusCounts): number => counts.submitted + counts.accepted;

/** "143 of 200 submitted, 12 late": the returns in against every unit asked. */
export function countsSentence(counts: SurveyStatusCounts): string {
  const late = counts.late > 0 ? `, ${formatNumber(counts.late)} late` : '';
  return `${formatNumber(returned(counts))} of ${formatNumber(counts.targeted)} submitted${late}`;
}
