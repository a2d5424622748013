import styles from './PageLoading.module.css';

/** Shown while the first screen's code loads; screen readers hear it once. */
export function PageLoading() {
  return (
    <p role="status" aria-live="polite" className={styles.loading}>
      Loading…
    </p>
  );
}
