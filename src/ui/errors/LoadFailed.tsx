import { ApiError, NetworkError } from '../../core/api/errors.ts';
import { NotReadOnThisDevice } from '../../core/api/started-reads.ts';
import { OfflinePageTexts } from '../connectivity/page-texts.ts';
import { Button } from '../Button.tsx';
import styles from './ErrorPage.module.css';

/** Why a read failed, in the server's words when it gave some. */
function reason(error: unknown): string {
  if (error instanceof NotReadOnThisDevice) return OfflinePageTexts.notOpenedHere;
  if (error instanceof ApiError) {
    const msg = error.body?.msg.trim();
    if (msg) return msg;
  }
  if (error instanceof NetworkError) return error.message;
  return 'Try again in a moment.';
}

interface LoadFailedProps {
  /** What could not be loaded, as the sentence's subject: "The records". */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** A retry is under way. */
  retrying?: boolean;
}

/**
 * A failed read, said where its data would have been, with a Retry; no dialog opens for it
 * (src/core/api/use-api.ts). Dialogs are kept for failed actions: save, delete, upload.
 */
export function LoadFailed({ what, error, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <div role="alert" className={styles.loadFailed}>
      <p>
        {what} could not be loaded. {reason(error)}
      </p>
      <Button variant="secondary" onClick={onRetry} busy={retrying} busyLabel="Retrying…">
        Retry
      </Button>
    </div>
  );
}
