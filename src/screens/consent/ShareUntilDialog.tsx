import { useId, useRef, useState } from 'react';
import type { ConsentState } from '../../../shared/consent/types.ts';
import { refusalOf } from '../../core/api/refusal.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import { ModalDialog } from '../../ui/dialogs/ModalDialog.tsx';
import { DayField } from '../../ui/forms/DayField.tsx';
import type { TypedDate } from '../../widgets/date-value.ts';
import styles from './Consent.module.css';

export interface ShareUntilDialogProps {
  providerName: string;
  category: ConsentState;
  /** Shares the category until the day (null: with no end); throws what the server refused. */
  onSend: (until: string | null) => Promise<void>;
  onClose: () => void;
}

/** The field's name, which also starts each of the server's messages about it. */
const LABEL = 'Last day shared';

/**
 * "Share until…": the last day a provider's staff may see one category (today or later, the
 * server decides by its own clock), after which it stops being shared by itself. An empty day
 * shares it with no end. The server's 406 shows under the field, which takes the focus.
 */
export function ShareUntilDialog({
  providerName,
  category,
  onSend,
  onClose,
}: ShareUntilDialogProps) {
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [day, setDay] = useState<string | null>(category.shared ? category.until : null);
  const [typed, setTyped] = useState<TypedDate['kind']>(day === null ? 'empty' : 'day');
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    // The field already says why the text is not a day: nothing is sent until it is one.
    if (typed === 'invalid') {
      input.current?.focus();
      return;
    }
    setProblem(null);
    setRefused(null);
    setSending(true);
    try {
      await onSend(day);
      onClose();
    } catch (e) {
      const refusal = refusalOf(e);
      if (!refusal) {
        reportError(e);
        return;
      }
      const onField = refusal.problems.find(([key]) => key === 'until')?.[1];
      if (onField) {
        setProblem(onField.map((m) => `The ${LABEL.toLowerCase()} ${m}.`).join(' '));
        input.current?.focus();
      } else {
        setRefused(refusal.message);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog
      title={`Share ${category.title} with ${providerName} until…`}
      onEscape={sending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={sending} busyLabel="Saving…">
            Save
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.until}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <p>
          {providerName}&apos;s staff will see {category.title} up to and including this day; then
          it stops being shared by itself. Leave the day empty to share it with no end date.
        </p>
        <DayField
          ref={input}
          label={LABEL}
          value={day}
          problem={problem}
          onChange={(next, what) => {
            setDay(next);
            setTyped(what.kind);
            setProblem(null);
          }}
        />
        {refused && (
          <p className={styles.refused} role="alert">
            {refused}
          </p>
        )}
      </form>
    </ModalDialog>
  );
}
