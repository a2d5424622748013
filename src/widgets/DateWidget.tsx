import type { WidgetProps } from '@rjsf/utils';
import { fromStoredDate, toStoredDate, type DateStorage } from './date-value.ts';
import styles from './Widget.module.css';

/**
 * A day, stored as epoch seconds at 12:00 ("storage": "epoch", the default) or as yyyy-MM-dd
 * ("storage": "date-string"). Clearing the field empties the value.
 */
export function DateWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  // RJSF types the value as any; here it is whatever the schema stores.
  const value: unknown = props.value;
  const storage: DateStorage =
    (props.options as { storage?: DateStorage }).storage === 'date-string'
      ? 'date-string'
      : 'epoch';
  const day = fromStoredDate(value, storage);
  return (
    <span className={styles.field}>
      <input
        id={id}
        name={props.htmlName ?? id}
        className={styles.input}
        type="date"
        value={day}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        onChange={(e) => onChange(toStoredDate(e.target.value, storage))}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </span>
  );
}
