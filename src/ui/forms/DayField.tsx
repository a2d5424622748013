import { useId, useState, type Ref } from 'react';
import { appConfig } from '../../core/config.ts';
import { formatTypedDate, parseTypedDate, type TypedDate } from '../../widgets/date-value.ts';
import styles from './DayField.module.css';

export interface DayFieldProps {
  label: string;
  value: string | null;
  /** The day typed (yyyy-MM-dd), or null while the field is empty or not a day; and which. */
  onChange: (day: string | null, typed: TypedDate) => void;
  /** What else is wrong with the day, said under it (the server's 406 for the field). */
  problem?: string | null;
  /** The input, for a caller that moves the focus to it (to a day the server refused). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A day typed in the short date pattern of config/app.json (dd/MM/yyyy in en-GB), read as the
 * record forms' date fields read it (src/widgets/date-value.ts), and given back as yyyy-MM-dd, or
 * null while it is empty or not a day. Text that is not a day says why under the field, as does a
 * problem the caller was told of (the server refusing the day).
 */
export function DayField({ label, value, onChange, problem = null, ref }: DayFieldProps) {
  const id = useId();
  const pattern = appConfig.dateFormats.short;
  const [text, setText] = useState(value ? formatTypedDate(value, pattern) : '');
  const typed = parseTypedDate(text, pattern);
  const wrong = typed.kind === 'invalid' ? typed.message : problem;
  return (
    <label htmlFor={id} className={styles.field}>
      {label}
      <span className={styles.hint} id={`${id}-hint`}>
        {pattern.toLowerCase()}
      </span>
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={styles.input}
        value={text}
        aria-describedby={`${id}-hint${wrong ? ` ${id}-error` : ''}`}
        aria-invalid={wrong ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseTypedDate(e.target.value, pattern);
          onChange(parsed.kind === 'day' ? parsed.day : null, parsed);
        }}
      />
      {wrong && (
        <span id={`${id}-error`} className={styles.error}>
          {wrong}
        </span>
      )}
    </label>
  );
}
