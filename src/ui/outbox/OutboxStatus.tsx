import { lazy, Suspense, useState } from 'react';
import { useOutbox } from '../../core/outbox/outbox-store.ts';
import { Button } from '../Button.tsx';
import styles from './Outbox.module.css';

// Opened by a click: its code (the dialog, the account switch for Fix) comes then.
const OutboxDialog = lazy(() =>
  import('./OutboxDialog.tsx').then(({ OutboxDialog }) => ({ default: OutboxDialog })),
);

const changes = (n: number) => (n === 1 ? '1 change' : `${String(n)} changes`);

/** What the outbox says while it holds anything: how many writes wait, and why. */
export function outboxSummary(waiting: number, refused: number, offline: boolean): string {
  const parts: string[] = [];
  if (waiting > 0) {
    parts.push(
      `${changes(waiting)} saved on this device ${waiting === 1 ? 'is' : 'are'} waiting to be sent.`,
    );
    if (offline) parts.push('They will be sent when the connection returns.');
  }
  if (refused > 0) {
    parts.push(
      `${changes(refused)} could not be saved by the server and ${refused === 1 ? 'needs' : 'need'} your attention.`,
    );
  }
  return parts.join(' ');
}

/**
 * The outbox, while it holds anything: the count and a way to see each write. Rendered in the
 * connectivity banner's polite live region (src/ui/connectivity/ConnectivityBanner.tsx), so a
 * screen reader hears a write waiting and the queue emptying.
 */
export function OutboxStatus() {
  const items = useOutbox((s) => s.items);
  const offline = useOutbox((s) => s.paused === 'offline');
  const [open, setOpen] = useState(false);
  const refused = items.filter((i) => i.state === 'refused').length;
  return (
    <>
      {items.length > 0 && (
        <p role="status" className={styles.status}>
          <span>{outboxSummary(items.length - refused, refused, offline)}</span>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Show waiting changes
          </Button>
        </p>
      )}
      {open && (
        <Suspense>
          <OutboxDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
