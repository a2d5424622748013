import type {
  CompanyResponse,
  CompanyResponseRow,
  CompanySurveySummary,
} from '../../../shared/surveys/types.ts';

/** What staff may do to one unit's response: POST /api/surveys/{survey}/responses/{unit}/<action>. */
export type ResponseAction = 'remind' | 'accept' | 'query' | 'reopen';

export type ActionsAllowed = CompanyResponse['actions'];

/**
 * The actions a row of the responses list offers, from its status as docs/openapi.yaml states
 * the server's refusals (409): remind only while the unit still owes an answer and the survey
 * takes one; accept a submitted return; query and reopen a submitted or accepted one. The one
 * response's view uses the server's own `actions` instead; a refusal here shows the server's
 * message.
 */
export function rowActions(
  row: CompanyResponseRow,
  phase: CompanySurveySummary['phase'],
): ActionsAllowed {
  const received = row.status === 'submitted' || row.status === 'accepted';
  const owed = row.status !== 'closed' && !received && phase !== 'closed' && phase !== 'upcoming';
  return {
    remind: owed,
    accept: row.status === 'submitted',
    query: received,
    reopen: received,
  };
}

/** How each action is named on its button, its dialog and its success message. */
export const ACTION_TEXT: Record<
  Exclude<ResponseAction, 'remind'>,
  { button: string; title: string; done: string; commentRequired: boolean; hint: string }
> = {
  accept: {
    button: 'Accept',
    title: 'Accept the return',
    done: 'accepted',
    commentRequired: false,
    hint: 'Optional: the farm sees it with the return.',
  },
  query: {
    button: 'Query',
    title: 'Query the return',
    done: 'queried',
    commentRequired: true,
    hint: 'Required: what the farm should check or answer. The farm sees it and may change its answers and submit again.',
  },
  reopen: {
    button: 'Reopen',
    title: 'Reopen the return',
    done: 'reopened',
    commentRequired: false,
    hint: 'Optional: the farm sees it. The submitted answers stay in the history.',
  },
};
