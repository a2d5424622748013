import { useId, useState } from 'react';
import { formatTypedDate, parseTypedDate } from '../../widgets/date-value.ts';
import styles from './VetVision.module.css';

/**
 * A day typed in the short date pattern (dd/MM/yyyy), read as the record forms' date fields read
 * it (src/widgets/date-value.ts), and given back as yyyy-MM-dd, or null while it is not a day.
 */
export function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ? formatTypedDate(value) : '');
  const typed = parseTypedDate(text);
  const wrong = typed.kind === 'invalid' ? typed.message : null;
  return (
    <label htmlFor={id}>
      {label}
      <span className={styles.hint} id={`${id}-hint`}>
        dd/mm/yyyy
      </span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        aria-describedby={`${id}-hint${wrong ? ` ${id}-error` : ''}`}
        aria-invalid={wrong ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseTypedDate(e.target.value);
          onChange(parsed.kind === 'day' ? parsed.day : null);
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
