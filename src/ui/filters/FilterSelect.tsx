import { useId } from 'react';
import styles from './FilterSelect.module.css';

export interface FilterOption {
  value: string;
  label: string;
  /** Offered but not choosable now (a month after the chosen end, say). */
  disabled?: boolean;
}

interface FilterSelectProps {
  label: string;
  /** The chosen option's value; '' when none is chosen (the "any" option). */
  value: string;
  /** What the list shows when nothing is chosen: "All providers", "Any month". */
  anyLabel: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/**
 * One filter above a list: a labelled choice of one option, or any. The lists that filter
 * (submissions, survey responses, remittance statements, the access log) all offer it so.
 */
export function FilterSelect({ label, value, anyLabel, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
