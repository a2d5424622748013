import { useLocation } from 'react-router-dom';
import { oldestCopyOn, useDeviceCopies } from '../../core/read-cache/device-copies.ts';
import { formatSyncTime } from '../../core/format/sync-time.ts';
import styles from './DeviceCopyNote.module.css';
import { OfflinePageTexts } from './page-texts.ts';

/**
 * Above a page whose data came from this device's copy because the server could not be reached:
 * "as of" the oldest such copy on the page. Placed once in the layout, so every screen has it.
 */
export function DeviceCopyNote() {
  const { pathname } = useLocation();
  const oldest = useDeviceCopies((s) => oldestCopyOn(s.copies, pathname));
  if (oldest === null) return null;
  return <p className={styles.note}>{OfflinePageTexts.asOf(formatSyncTime(oldest))}</p>;
}
