import type { ReactNode } from 'react';
import { useConnectivity } from '../../core/connectivity/connectivity-store.ts';
import { formatSyncTime } from '../../core/format/sync-time.ts';
import styles from './ConnectivityBanner.module.css';
import { OfflineTexts } from './offline-texts.ts';

export interface ConnectivityBannerProps {
  /**
   * What else is said in the banner's live region, online or not: the outbox's pending writes
   * (src/ui/outbox/OutboxStatus.tsx, its own status, rendered only while something waits).
   */
  children?: ReactNode;
}

/**
 * Says that the portal is offline, or cannot reach its server, and when it last synced, for as
 * long as that lasts; once back online it says so to screen readers only. The polite live region
 * around it is always there, so that its appearing and going are announced; the banner itself
 * (role="status") is there only while it has something to say, so that online pages hold no
 * empty status. It sits in the page's flow below the navigation, so that it covers nothing.
 */
export function ConnectivityBanner({ children }: ConnectivityBannerProps) {
  const offline = useConnectivity((s) => s.offline);
  const lastSyncAt = useConnectivity((s) => s.lastSyncAt);
  const reconnected = useConnectivity((s) => s.reconnected);
  return (
    <div aria-live="polite">
      {offline !== null && (
        <div role="status" className={styles.banner}>
          <p className={styles.line}>
            <strong>
              {offline === 'browser' ? OfflineTexts.browserOffline : OfflineTexts.serverUnreachable}
            </strong>{' '}
            {lastSyncAt === null
              ? OfflineTexts.neverSynced
              : OfflineTexts.lastSync(formatSyncTime(lastSyncAt))}
          </p>
        </div>
      )}
      {children}
      {offline === null && reconnected && (
        <span className="visually-hidden">{OfflineTexts.backOnline}</span>
      )}
    </div>
  );
}
