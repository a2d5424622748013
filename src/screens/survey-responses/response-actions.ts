import type { CompanyResponseAction } from '../../../shared/surveys/types.ts';

/**
 * What staff may do to one unit's response: POST /api/surveys/{survey}/responses/{unit}/<action>.
 * Which of them a return takes now, the server says in its row's `actions`.
 */
export type ResponseAction = CompanyResponseAction;

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
