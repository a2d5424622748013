import type { WidgetProps } from '@rjsf/utils';
import styles from './Widget.module.css';

export const EMPTY_CHOICE_TEXT = 'Please select an option';

/**
 * A choice from the schema's enum. When the field is required, or the uiSchema gives a
 * defaultText, an empty first choice reads 'Please select an option' (or that text).
 */
export function DropdownWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  // RJSF types the value as any; here it is whatever the schema stores.
  const value: unknown = props.value;
  const options = props.options as {
    defaultText?: string;
    enumOptions?: { label: string; value: unknown }[];
  };
  const choices = options.enumOptions ?? [];
  const showEmpty = required === true || options.defaultText !== undefined;
  const index = choices.findIndex((c) => c.value === value);
  return (
    <span className={styles.field}>
      <select
        id={id}
        name={props.htmlName ?? id}
        className={styles.input}
        value={index === -1 ? '' : String(index)}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        onChange={(e) =>
          onChange(e.target.value === '' ? undefined : choices[Number(e.target.value)]?.value)
        }
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        {(showEmpty || index === -1) && (
          <option value="">{options.defaultText ?? (showEmpty ? EMPTY_CHOICE_TEXT : '')}</option>
        )}
        {choices.map((choice, i) => (
          <option key={i} value={String(i)}>
            {choice.label}
          </option>
        ))}
      </select>
    </span>
  );
}
