import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiPaged } from '../../../shared/api.ts';
import type { PortalNotice } from '../../../shared/surveys/types.ts';
import { apiPost } from '../../core/api/client.ts';
import { useApi } from '../../core/api/use-api.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Surveys.module.css';
import { formatWhen } from './survey-words.ts';

/**
 * The unread reminders the unit's buyers sent (in-portal notices, issue 18 point 5; no e-mail is
 * sent), above the inbox: each says who reminded, when, and leads to its survey; Dismiss marks it
 * read for this user. Nothing shows while there are none, or when they cannot be read (the inbox
 * below says what is due either way).
 */
export function SurveyNotices({ unitId }: { unitId: number }) {
  const path = `/units/${String(unitId)}/notices`;
  const notices = useApi<ApiPaged<PortalNotice>>(path, { unread: 'true', per_page: '10' });
  const [dismissing, setDismissing] = useState<number | null>(null);
  const items = notices.data?.records ?? [];
  if (items.length === 0) return null;

  const dismiss = async (notice: PortalNotice) => {
    setDismissing(notice.id);
    try {
      await apiPost(`${path}/${String(notice.id)}/read`);
      await notices.mutate();
    } catch (error) {
      reportError(error);
    } finally {
      setDismissing(null);
    }
  };

  return (
    <section className={styles.notices} aria-labelledby="survey-notices-heading">
      <h2 id="survey-notices-heading">Reminders</h2>
      <ul>
        {items.map((notice) => (
          <li key={notice.id}>
            <p>
              <strong>
                <Link to={notice.path}>{notice.title}</Link>
              </strong>
            </p>
            <p>{notice.message}</p>
            <p className={styles.noticeFrom}>
              From {notice.by.name ? `${notice.by.name}, ` : ''}
              {notice.from.name}, {formatWhen(notice.createdAt)}
            </p>
            <Button
              variant="secondary"
              aria-label={`Dismiss the reminder: ${notice.title}`}
              busy={dismissing === notice.id}
              busyLabel="Dismissing…"
              onClick={() => void dismiss(notice)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
