import { useShallow } from 'zustand/react/shallow';
import type { OutboxItem } from '../../core/outbox/outbox-item.ts';
import { useOutbox } from '../../core/outbox/outbox-store.ts';
import { formatSyncTime } from '../../core/format/sync-time.ts';
import styles from './Outbox.module.css';

/**
 * The outbox's writes that belong to one screen (a record type on a unit), listed above what the
 * server holds, so that a record saved offline is seen where the user looks for it.
 */
export function WaitingWrites({ what, of }: { what: string; of: (item: OutboxItem) => boolean }) {
  const items = useOutbox(useShallow((s) => s.items.filter(of)));
  if (items.length === 0) return null;
  return (
    <section aria-label={what} className={styles.waiting}>
      <h2 className={styles.waitingHeading}>{what}</h2>
      <ul className={styles.items}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            <span className={styles.label}>{item.label}</span>
            <span>
              {item.state === 'refused'
                ? 'Not saved by the server: open “Show waiting changes” to fix it.'
                : `Saved on this device ${formatSyncTime(item.queuedAt)}; waiting to be sent.`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
