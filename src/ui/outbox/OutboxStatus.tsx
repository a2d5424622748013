import { useState } from 'react';
import { useOutbox } from '../../core/outbox/outbox-store.ts';
import { Button } from '../Button.tsx';
import { OutboxDialog } from './OutboxDialog.tsx';
import styles from './Outbox.module.css';

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
 * The outbox under the account banner, while it holds anything: the count and a way to see each
 * write. Announced politely, so a screen reader hears a write waiting and the queue emptying.
 */
export function OutboxStatus() {
  const items = useOutbox((s) => s.items);
  const offline = useOutbox((s) => s.paused === 'offline');
  const [open, setOpen] = useState(false);
  const refused = items.filter((i) => i.state === 'refused').length;
  const summary = outboxSummary(items.length - refused, refused, offline);
  return (
    <div role="status" aria-live="polite">
      {items.length > 0 && (
        <p className={styles.status}>
          <span>{summary}</span>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Show waiting changes
          </Button>
        </p>
      )}
      {open && <OutboxDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
