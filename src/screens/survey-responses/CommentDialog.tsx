import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { ModalDialog } from '../../ui/dialogs/ModalDialog.tsx';
import { ACTION_TEXT } from './response-actions.ts';
import styles from './SurveyResponses.module.css';

export interface CommentDialogProps {
  action: keyof typeof ACTION_TEXT;
  unitName: string;
  /** Sends the action with the comment; resolves true when the server took it. */
  onSend: (comment: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Accept, Query or Reopen a return with a comment the farm sees: a textarea, required for a
 * query (the server refuses one without, 406), optional otherwise.
 */
export function CommentDialog({ action, unitName, onSend, onClose }: CommentDialogProps) {
  const text = ACTION_TEXT[action];
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const send = async () => {
    const trimmed = comment.trim();
    if (text.commentRequired && trimmed === '') {
      setMissing(true);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setSending(true);
    const done = await onSend(trimmed);
    setSending(false);
    if (done) onClose();
  };

  return (
    <ModalDialog
      title={`${text.title} of ${unitName}`}
      onEscape={sending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${fieldId}-form`}
            variant={action === 'query' || action === 'reopen' ? 'warning' : 'success'}
            busy={sending}
            busyLabel="Sending…"
          >
            {text.button}
          </Button>
        </>
      }
    >
      <form
        id={`${fieldId}-form`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor={fieldId} className={styles.fieldLabel}>
          Comment to the farm{text.commentRequired ? ' (required)' : ' (optional)'}
        </label>
        <p id={hintId} className={styles.hint}>
          {text.hint}
        </p>
        <textarea
          id={fieldId}
          className={styles.comment}
          rows={5}
          maxLength={2000}
          value={comment}
          required={text.commentRequired}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim() !== '') setMissing(false);
          }}
        />
        {missing && (
          <p id={errorId} className={styles.error} role="alert">
            Write what you are asking the farm.
          </p>
        )}
      </form>
    </ModalDialog>
  );
}
