import { useId } from 'react';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A labelled search field in a search landmark; results follow as the user types. */
export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  const id = useId();
  return (
    <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={100}
      />
    </form>
  );
}
