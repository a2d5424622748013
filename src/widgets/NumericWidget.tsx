import type { WidgetProps } from '@rjsf/utils';
import { useState, type ClipboardEvent, type DragEvent } from 'react';
import { formatNumeric, parseNumeric, sanitiseNumeric } from './numeric-text.ts';
import styles from './Widget.module.css';

interface NumericOptions {
  decimals?: number;
  unit?: string;
  /** An empty field stores 0 rather than nothing. */
  defaultZero?: boolean;
}

/**
 * A number typed as text: digits only, one decimal separator when decimals allow (a dot, or a
 * comma typed or pasted as one: "4,05" is 4.05, while "1,234.5" and a pasted "1,234" are grouped
 * as en-GB groups thousands; the rule is in numeric-text.ts), a leading minus when the schema's
 * minimum allows negatives; pasted and dropped text is cleaned the same way, and a leading zero
 * never runs into the next digit ("07.242" shows as "7.242"). The schema's minimum and maximum
 * are checked by the form's validation. An optional unit label (uiSchema `unit`) follows the
 * input, always visible, and describes it to screen readers.
 */
export function NumericWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  // RJSF types the value as any; here it is whatever the schema stores.
  const value: unknown = props.value;
  const options = props.options as NumericOptions;
  const schema = props.schema as { minimum?: number; type?: string | string[] };
  const decimals = schema.type === 'integer' ? 0 : Math.max(0, options.decimals ?? 0);
  const rules = { decimals, allowNegative: schema.minimum === undefined || schema.minimum < 0 };
  const [text, setText] = useState(() => formatNumeric(value, decimals));
  // A value set from outside (a reset, a loaded record) replaces what was typed.
  const [shown, setShown] = useState<unknown>(value);
  if (value !== shown && parseNumeric(text, options.defaultZero) !== value) {
    setShown(value);
    setText(formatNumeric(value, decimals));
  }

  const accept = (raw: string) => {
    const cleaned = sanitiseNumeric(raw, rules);
    setText(cleaned);
    const next = parseNumeric(cleaned, options.defaultZero);
    setShown(next);
    onChange(next);
  };
  const insert = (
    event: ClipboardEvent<HTMLInputElement> | DragEvent<HTMLInputElement>,
    data: string,
  ) => {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    accept(text.slice(0, start) + data + text.slice(end));
  };

  return (
    <span className={`${styles.field} ${options.unit ? styles.withUnit : ''}`}>
      <input
        id={id}
        name={props.htmlName ?? id}
        className={styles.input}
        type="text"
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-describedby={options.unit ? `${id}__unit` : undefined}
        onChange={(e) => accept(e.target.value)}
        onPaste={(e) => insert(e, e.clipboardData.getData('text'))}
        onDrop={(e) => insert(e, e.dataTransfer.getData('text'))}
        onBlur={() => onBlur(id, parseNumeric(text, options.defaultZero))}
        onFocus={() => onFocus(id, parseNumeric(text, options.defaultZero))}
      />
      {options.unit && (
        <span id={`${id}__unit`} className={styles.unit}>
          {options.unit}
        </span>
      )}
    </span>
  );
}
