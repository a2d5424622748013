import { clampPage, pageWindow } from './page-window.ts';
import styles from './Pagination.module.css';
import { useNarrowScreen } from './use-narrow-screen.ts';

/** Spec §9: pagination max size 10, 5 on narrow screens. */
const MAX_SIZE = 10;
const MAX_SIZE_NARROW = 5;

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  totalRecords: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name; 'Pagination' when not given. */
  label?: string;
}

/** Page links: at most 10 (5 on narrow screens), rotating, no ellipses. */
export function Pagination({ page, totalRecords, perPage, onPageChange, label }: PaginationProps) {
  const narrow = useNarrowScreen();
  const { pages, pageCount } = pageWindow({
    page,
    totalRecords,
    perPage,
    maxSize: narrow ? MAX_SIZE_NARROW : MAX_SIZE,
  });
  if (pageCount <= 1) return null;
  const current = clampPage(page, pageCount);
  return (
    <nav aria-label={label ?? 'Pagination'} className={styles.pagination}>
      <button
        type="button"
        className={styles.button}
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      >
        Previous
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className={n === current ? styles.current : styles.button}
          aria-current={n === current ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPageChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={styles.button}
        disabled={current >= pageCount}
        onClick={() => onPageChange(current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
