import { useId } from 'react';
import styles from './Calculator.module.css';

export interface UnconfirmedValue {
  key: string;
  /** What used the value: a result line, an operation, a spray. */
  label: string;
  /** Why the value is unconfirmed, as its table's note says. */
  note: string;
}

/**
 * The values a result used that their coefficient table marks unconfirmed, each with its note,
 * under one heading wherever a calculator shows results: the user sees which figures rest on
 * them.
 */
export function UnconfirmedValues({ items }: { items: readonly UnconfirmedValue[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className={styles.unconfirmed} aria-labelledby={headingId}>
      <h3 id={headingId}>Unconfirmed values used</h3>
      <ul aria-label="Unconfirmed values">
        {items.map((item) => (
          <li key={item.key}>
            <strong>{item.label}</strong>: {item.note}
          </li>
        ))}
      </ul>
    </section>
  );
}
