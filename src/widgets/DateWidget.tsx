import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../core/config.ts';
import {
  formatTypedDate,
  fromStoredDate,
  parseTypedDate,
  toStoredDate,
  type DateStorage,
} from './date-value.ts';
import styles from './Widget.module.css';

/** The stored value for a field's text, or undefined while it is empty or not a date. */
function storedOf(text: string, pattern: string, storage: DateStorage) {
  const typed = parseTypedDate(text, pattern);
  return typed.kind === 'day' ? toStoredDate(typed.day, storage) : undefined;
}

/**
 * A day, typed as text in the short date pattern of config/app.json (dd/MM/yyyy in en-GB)
 * whatever the browser's language, and stored as epoch seconds at 12:00 ("storage": "epoch", the
 * default) or as yyyy-MM-dd ("storage": "date-string"). A visible hint gives the pattern; d/m/yyyy,
 * dd-mm-yyyy and ddmmyyyy are read too (parseTypedDate). Text that is not a date stores nothing,
 * says why when the field is left ("31/02/2026 is not a date"), and stops the form being
 * submitted until it is corrected or cleared. Clearing the field empties the value. Where the
 * browser can open its own date picker (showPicker), a calendar button does, through a hidden
 * date input; the field still shows the picked day in the short pattern.
 */
export function DateWidget(props: WidgetProps) {
  const { id, label, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  // RJSF types the value as any; here it is whatever the schema stores.
  const value: unknown = props.value;
  const storage: DateStorage =
    (props.options as { storage?: DateStorage }).storage === 'date-string'
      ? 'date-string'
      : 'epoch';
  const pattern = appConfig.dateFormats.short;
  const day = fromStoredDate(value, storage);
  const [text, setText] = useState(() => formatTypedDate(day, pattern));
  const [error, setError] = useState<string | undefined>(undefined);
  // A value set from outside (a reset, a loaded record) replaces what was typed.
  const [shown, setShown] = useState<unknown>(value);
  if (value !== shown && storedOf(text, pattern, storage) !== value) {
    setShown(value);
    setText(formatTypedDate(day, pattern));
    setError(undefined);
  }

  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // Text that is not a date stops the form's submit (before RJSF sees it), says why and is focused.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return undefined;
    const guard = (event: Event) => {
      const typed = parseTypedDate(input.current?.value ?? '', pattern);
      if (typed.kind !== 'invalid') return;
      event.preventDefault();
      event.stopPropagation();
      setError(typed.message);
      input.current?.focus();
    };
    form.addEventListener('submit', guard);
    return () => form.removeEventListener('submit', guard);
  }, [pattern]);

  const accept = (raw: string) => {
    setText(raw);
    const typed = parseTypedDate(raw, pattern);
    // An error already shown follows the text; a new one waits until the field is left.
    if (error !== undefined) setError(typed.kind === 'invalid' ? typed.message : undefined);
    const next = typed.kind === 'day' ? toStoredDate(typed.day, storage) : undefined;
    setShown(next);
    onChange(next);
  };
  const leave = () => {
    const typed = parseTypedDate(text, pattern);
    setError(typed.kind === 'invalid' ? typed.message : undefined);
    onBlur(id, value);
  };

  const hintId = `${id}__hint`;
  const errorId = `${id}__date-error`;
  const canPick =
    !disabled && !readonly && typeof HTMLInputElement.prototype.showPicker === 'function';
  return (
    <span className={styles.dateField}>
      <span className={`${styles.field} ${canPick ? styles.withUnit : ''}`}>
        <input
          ref={input}
          id={id}
          name={props.htmlName ?? id}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          required={required}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={autofocus}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error === undefined ? hintId : `${hintId} ${errorId}`}
          onChange={(e) => accept(e.target.value)}
          onBlur={leave}
          onFocus={() => onFocus(id, value)}
        />
        {canPick && (
          <>
            <input
              ref={picker}
              className={styles.picker}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              value={storedOf(text, pattern, 'date-string') ?? ''}
              onChange={(e) => {
                accept(e.target.value === '' ? '' : formatTypedDate(e.target.value, pattern));
                setError(undefined);
              }}
            />
            <button
              type="button"
              className={styles.unit}
              aria-label={`Choose ${label || 'the date'} from a calendar`}
              onClick={() => {
                try {
                  picker.current?.showPicker();
                } catch {
                  // No picker here (e.g. no user activation); typing still works.
                  input.current?.focus();
                }
              }}
            >
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M4 0h2v2h4V0h2v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h2V0zM2 6v8h12V6H2zm2 2h2v2H4V8zm4 0h2v2H8V8z"
                />
              </svg>
            </button>
          </>
        )}
      </span>
      <span id={hintId} className={styles.hint}>
        {pattern.toLowerCase()}
      </span>
      {error !== undefined && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
