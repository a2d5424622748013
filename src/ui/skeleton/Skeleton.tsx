import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export type SkeletonShape = 'table' | 'cards' | 'report' | 'page';

interface SkeletonProps {
  /** Which content the placeholder stands in for. */
  shape?: SkeletonShape;
  /** Table columns, when known (table and report shapes). */
  columns?: number;
  /** How many rows or cards to draw. */
  rows?: number;
}

/**
 * A shaped placeholder shown while a list or report loads for the first time. Screen readers
 * hear "Loading…" once (role="status", aria-busy); the grey bars themselves are hidden from them.
 */
export function Skeleton({ shape = 'table', columns = 4, rows }: SkeletonProps) {
  const count = rows ?? (shape === 'cards' ? 3 : shape === 'page' ? 3 : 5);
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={styles.skeleton}>
      <span className="visually-hidden">Loading…</span>
      <div aria-hidden="true" className={styles.shapes} data-shape={shape}>
        {shape === 'cards' ? (
          <Cards count={count} />
        ) : shape === 'page' ? (
          <Page count={count} />
        ) : (
          <>
            {shape === 'report' && <div className={`${styles.bar} ${styles.heading}`} />}
            <Table columns={columns} rows={count} />
          </>
        )}
      </div>
    </div>
  );
}

function Table({ columns, rows }: { columns: number; rows: number }) {
  const cols = Math.max(1, Math.min(columns, 8));
  const style = { '--skeleton-columns': cols } as CSSProperties;
  return (
    <div className={styles.table} style={style}>
      {Array.from({ length: rows + 1 }, (_, r) => (
        <div key={r} className={r === 0 ? `${styles.row} ${styles.head}` : styles.row}>
          {Array.from({ length: cols }, (_, c) => (
            <div key={c} className={styles.bar} style={{ width: `${widthOf(r, c)}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

function Cards({ count }: { count: number }) {
  return (
    <div className={styles.cards}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <div className={`${styles.bar} ${styles.title}`} />
          <div className={styles.bar} style={{ width: '90%' }} />
          <div className={styles.bar} style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}

function Page({ count }: { count: number }) {
  return (
    <div className={styles.page}>
      <div className={`${styles.bar} ${styles.heading}`} />
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.bar} style={{ width: `${widthOf(i + 1, 0)}%` }} />
      ))}
    </div>
  );
}

/** Slightly varied bar widths, the same on every render, so the placeholder looks like text. */
const widthOf = (row: number, column: number) => 55 + ((row * 7 + column * 13) % 4) * 12;
