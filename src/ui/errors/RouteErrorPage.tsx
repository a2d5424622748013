import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import { logger } from '../../core/logging/logger.ts';
import { Button } from '../Button.tsx';
import { isChunkLoadError, reloadPage } from './chunk-load.ts';
import styles from './ErrorPage.module.css';

interface RouteErrorPageProps {
  /** What the screen (or the layout) threw, or why its code did not load. */
  error: unknown;
  /** The layout itself failed: the page stands alone instead of inside it. */
  standalone?: boolean;
  /** How Reload and Try again load the page again (tests replace it). */
  reload?: () => void;
}

/**
 * What RouteErrorBoundary shows: a page that says what happened in plain words and offers a way
 * on. A screen whose code no longer exists on the server (the portal was released while the tab
 * was open) asks for a reload to get the new version.
 */
export function RouteErrorPage({
  error,
  standalone = false,
  reload = reloadPage,
}: RouteErrorPageProps) {
  const newVersion = isChunkLoadError(error);

  useEffect(() => {
    if (newVersion) logger.warn('A screen could not be loaded: a new version is available', error);
    else logger.error('A screen failed to render', error);
  }, [error, newVersion]);

  const page = newVersion ? (
    <section className={`${styles.page} ${styles.update}`} aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">A new version is available</h1>
      <p>
        The portal has been updated since this page was opened, so this part of it could not be
        loaded. Reload the page to use the new version; anything you have saved is kept.
      </p>
      <div className={styles.actions}>
        <Button onClick={reload}>Reload</Button>
      </div>
    </section>
  ) : (
    <section className={styles.page} aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">Something went wrong</h1>
      <p>
        This page could not be shown because of an unexpected error, which has been logged. Try
        again, or go back to the dashboard and carry on from there.
      </p>
      <div className={styles.actions}>
        <Button onClick={reload}>Try again</Button>
        <Link to={appPaths.home}>Back to the dashboard</Link>
      </div>
    </section>
  );

  return standalone ? (
    <main id="main" className={styles.standalone}>
      {page}
    </main>
  ) : (
    page
  );
}
