import { SURVEY_EDITABLE, type SurveyStatus } from '../../shared/surveys/types.ts';
import type { SurveyFile } from './definitions.ts';

/** The statuses a response row stores; the others are worked out from the survey's dates. */
export type StoredStatus = 'draft' | 'submitted' | 'accepted' | 'queried' | 'reopened';

/** The server's today, yyyy-MM-dd (UTC), from its clock. */
export const todayOf = (clock: () => number): string =>
  new Date(clock()).toISOString().slice(0, 10);

/** The server's clock as a timestamp to store: what the API calls "now" (injectable in tests). */
export const nowIso = (clock: () => number): string => new Date(clock()).toISOString();

const DAY_MS = 86_400_000;
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The survey's dates as they stand today. */
export function phaseOf(
  file: Pick<SurveyFile, 'opensOn' | 'closesOn' | 'lateUntil'>,
  today: string,
): 'upcoming' | 'open' | 'late' | 'closed' {
  if (today < file.opensOn) return 'upcoming';
  if (today <= file.closesOn) return 'open';
  if (file.lateUntil === undefined || today <= file.lateUntil) return 'late';
  return 'closed';
}

/**
 * A unit's status: the stored one once submitted (or queried, reopened, accepted); else
 * not-started or draft while the survey is open, late past its due date, closed past lateUntil.
 */
export function statusOf(
  stored: StoredStatus | null,
  file: Pick<SurveyFile, 'opensOn' | 'closesOn' | 'lateUntil'>,
  today: string,
): SurveyStatus {
  if (stored !== null && stored !== 'draft') return stored;
  const phase = phaseOf(file, today);
  if (phase === 'late') return 'late';
  if (phase === 'closed') return 'closed';
  return stored ?? 'not-started';
}

/** The statuses in which the farm may change its answers (shared/surveys/types.ts). */
export const farmMayEdit = (status: SurveyStatus): boolean => SURVEY_EDITABLE.includes(status);

/**
 * The same rule as statusOf, in SQL, for counting and filtering many units at once: `stored` is
 * the response's status column (null when none), the dates are bound parameters.
 */
export function statusSql(stored: string, closesOn: string, lateUntil: string, today: string) {
  return `case
    when ${stored} is not null and ${stored} <> 'draft' then ${stored}
    when ${today} > ${closesOn} and (${lateUntil}::text is null or ${today} <= ${lateUntil}) then 'late'
    when ${today} > ${closesOn} then 'closed'
    else coalesce(${stored}, 'not-started') end`;
}
