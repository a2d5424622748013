import type { CompanySurveySummary, SurveyStatusCounts } from '../../../shared/surveys/types.ts';
import { SURVEY_STATUS_TITLES } from '../../../shared/surveys/words.ts';
import { formatNumber } from '../../core/format/numbers.ts';

/** Each status in words, as every survey screen says it. */
export const STATUS_LABELS = SURVEY_STATUS_TITLES;

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
