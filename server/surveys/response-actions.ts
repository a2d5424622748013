import type { CompanyResponseAction, SurveyStatus } from '../../shared/surveys/types.ts';
import type { phaseOf, StoredStatus } from './status.ts';

type Phase = ReturnType<typeof phaseOf>;

/** An action of the staff that changes a return's status, kept in its history. */
export interface StatusChange {
  kind: Exclude<CompanyResponseAction, 'remind'>;
  /** The statuses it takes a return from (the update matches them, so a race loses with 409). */
  from: readonly StoredStatus[];
  to: 'accepted' | 'queried' | 'reopened';
  commentRequired: boolean;
}

/** accept a submitted return; query or reopen a submitted or accepted one. */
export const STATUS_CHANGES: readonly StatusChange[] = [
  { kind: 'accept', from: ['submitted'], to: 'accepted', commentRequired: false },
  { kind: 'query', from: ['submitted', 'accepted'], to: 'queried', commentRequired: true },
  { kind: 'reopen', from: ['submitted', 'accepted'], to: 'reopened', commentRequired: false },
];

const received = (status: SurveyStatus) => status === 'submitted' || status === 'accepted';

/**
 * A reminder goes to a unit that still owes an answer the survey would take: not yet submitted
 * (or sent back by a query or reopen), not closed, and the survey already open.
 */
const mayRemind = (status: SurveyStatus, phase: Phase) =>
  !received(status) && status !== 'closed' && phase !== 'upcoming';

/**
 * The one rule of what staff may do to a unit's return now: the responses list and a response
 * give it as `actions`, and each action's endpoint refuses with 409 what it leaves out.
 */
export function allowedActions(status: SurveyStatus, phase: Phase): CompanyResponseAction[] {
  const actions: CompanyResponseAction[] = mayRemind(status, phase) ? ['remind'] : [];
  for (const change of STATUS_CHANGES) {
    if ((change.from as readonly SurveyStatus[]).includes(status)) actions.push(change.kind);
  }
  return actions;
}

/** Why allowedActions leaves an action out: the 409's message. */
export function refusalOf(
  action: CompanyResponseAction,
  status: SurveyStatus,
  phase: Phase,
): string {
  const change = STATUS_CHANGES.find((c) => c.kind === action);
  if (change) {
    return `Only a ${change.from.join(' or ')} return can be ${change.to}; this one is ${status}.`;
  }
  if (phase === 'upcoming') return 'The survey has not opened yet: there is nothing to remind of.';
  return `A ${status} return needs no reminder.`;
}
