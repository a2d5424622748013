import { Link } from 'react-router-dom';
import type { DashboardResult } from '../../../shared/dashboard/result.ts';
import { formatDate } from '../../core/format/dates.ts';
import { recordPath } from './dashboard-links.ts';
import styles from './Dashboard.module.css';

/**
 * Open actions of the sources offered on this unit, soonest first; a source with nothing open
 * says so, and a module that does not exist yet has no source, so nothing shows for it.
 */
export function ActionsList({ result }: { result: DashboardResult }) {
  if (result.actionSources.length === 0) return null;
  return (
    <section aria-labelledby="actions-heading" className={styles.section}>
      <h2 id="actions-heading">Open actions</h2>
      {result.actionSources.map((source) => {
        const actions = result.actions.filter((a) => a.source === source.id);
        return (
          <div key={source.id}>
            <h3 className={styles.cardTitle}>{source.title}</h3>
            {actions.length === 0 ? (
              <p>{source.empty}</p>
            ) : (
              <ul className={styles.actions}>
                {actions.map((a) => {
                  const path = a.path ?? recordPath(a.recordType);
                  return (
                    <li key={`${String(a.recordId)}-${a.title}`}>
                      <strong>{path ? <Link to={path}>{a.title}</Link> : a.title}</strong>
                      <span>{a.detail}</span>
                      <span>
                        {a.dueLabel ?? 'Ends'} {formatDate(a.due, 'medium')}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
