import type { AccessAction, ConsentState } from '../../../shared/consent/types.ts';
import { formatDate } from '../../core/format/dates.ts';
import { dateTimeFormat } from '../../core/format/numbers.ts';

/** A moment in the user's own time, as the dashboard shows them: "24 Nov 2026, 14:02". */
const moment = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });
export const momentWords = (iso: string): string => moment.format(new Date(iso));

/** A day as a sentence says it: "31 December 2026". */
const dayWords = (day: string): string => formatDate(day, 'long');

/** The day after a yyyy-MM-dd day: the first day a category shared until that day is not. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** How a category stands: "Shared", "Shared until 31 December 2026", "Not shared", "Lapsed on …". */
export function stateWords(state: ConsentState): string {
  if (state.lapsed && state.until !== null) return `Lapsed on ${dayWords(dayAfter(state.until))}`;
  if (!state.shared) return 'Not shared';
  return state.until === null ? 'Shared' : `Shared until ${dayWords(state.until)}`;
}

/** Who made the farm's last choice and when, or that the plan's default stands. */
export function changedWords(state: ConsentState): string {
  if (state.changed === null) return 'Plan default';
  const at = momentWords(state.changed.at);
  return state.changed.by === null ? at : `${state.changed.by}, ${at}`;
}

/**
 * What a choice did, for the status message: said of the provider's staff, so that it reads the
 * same whatever the category's title ("Farm documents", "Grower Returns").
 */
export function choiceWords(
  providerName: string,
  before: ConsentState,
  after: ConsentState,
): string {
  const staff = `${providerName}'s staff`;
  if (!after.shared) return `${staff} can no longer see ${after.title}.`;
  if (after.until !== null)
    return `${staff} can see ${after.title} until ${dayWords(after.until)}.`;
  return before.shared
    ? `${staff} can see ${after.title} with no end date.`
    : `${staff} can see ${after.title} again.`;
}

/** What kind of organisation a provider is, as a label shows it: "Processor". */
export const kindWords = (kind: string): string => kind.charAt(0).toUpperCase() + kind.slice(1);

/** What staff did with the data, as the access log's Action column says it. */
export const ACTION_WORDS: Record<AccessAction, string> = {
  viewed: 'Viewed',
  downloaded: 'Downloaded',
  changed: 'Changed',
  deleted: 'Deleted',
};
