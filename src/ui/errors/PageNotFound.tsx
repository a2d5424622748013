import { Link } from 'react-router-dom';
import { appPaths } from '../../core/config.ts';
import styles from './ErrorPage.module.css';

/**
 * An address no route matches, when config/routes.json has no catch-all ("*") route of its own
 * (its not-found screen is then shown instead).
 */
export function PageNotFound() {
  return (
    <section className={styles.page} aria-labelledby="page-not-found-heading">
      <h1 id="page-not-found-heading">Page Not Found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <div className={styles.actions}>
        <Link to={appPaths.home}>Back to the dashboard</Link>
      </div>
    </section>
  );
}
