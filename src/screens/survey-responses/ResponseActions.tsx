import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CommentDialog } from './CommentDialog.tsx';
import { ACTION_TEXT, type ResponseAction } from './response-actions.ts';
import { useResponseAction } from './use-response-action.ts';

interface ResponseActionsProps {
  surveyId: string;
  unit: { id: number; name: string };
  /** The actions the server takes on this return now (its row's `actions`). */
  allowed: readonly ResponseAction[];
}

type CommentAction = keyof typeof ACTION_TEXT;
const COMMENT_ACTIONS: CommentAction[] = ['accept', 'query', 'reopen'];

/**
 * The staff's actions on one unit's response: Remind at once (it records who reminded when and
 * an in-portal notice), and Accept, Query or Reopen through a dialog with a comment the farm sees.
 */
export function ResponseActions({ surveyId, unit, allowed }: ResponseActionsProps) {
  const { run, busy, anyRunning } = useResponseAction(surveyId);
  const [open, setOpen] = useState<CommentAction | null>(null);
  return (
    <>
      {allowed.includes('remind') && (
        <Button
          variant="secondary"
          onClick={() => void run(unit, 'remind')}
          busy={busy(unit.id, 'remind')}
          busyLabel="Reminding…"
          disabled={anyRunning && !busy(unit.id, 'remind')}
          aria-label={`Remind ${unit.name}`}
        >
          Remind
        </Button>
      )}
      {COMMENT_ACTIONS.filter((action) => allowed.includes(action)).map((action) => (
        <Button
          key={action}
          variant="secondary"
          onClick={() => setOpen(action)}
          disabled={anyRunning}
          aria-label={`${ACTION_TEXT[action].button} the return of ${unit.name}`}
        >
          {ACTION_TEXT[action].button}
        </Button>
      ))}
      {open && (
        <CommentDialog
          action={open}
          unitName={unit.name}
          onSend={(comment) => run(unit, open, comment)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
