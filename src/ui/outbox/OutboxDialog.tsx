import { useState } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatSyncTime } from '../../core/format/sync-time.ts';
import { navigate } from '../../core/navigation/navigator.ts';
import type { OutboxItem, OutboxTarget } from '../../core/outbox/outbox-item.ts';
import { discardItem, openForFix, retryItem, useOutbox } from '../../core/outbox/outbox-store.ts';
import { Button } from '../Button.tsx';
import { ModalDialog } from '../dialogs/ModalDialog.tsx';
import styles from './Outbox.module.css';

/** The server's reasons for refusing a write, one per line (Fix shows each on its field). */
function reasonsOf(item: OutboxItem): string[] {
  const errors = item.refusal?.errors;
  if (!errors || Array.isArray(errors)) return [];
  return [...new Set(Object.values(errors).flat())];
}

function OutboxEntry({ item, onFix }: { item: OutboxItem; onFix: (item: OutboxItem) => void }) {
  const sending = useOutbox((s) => s.sending);
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    const confirmed = await useDialogs.getState().confirm({
      title: 'Discard this change?',
      message: `“${item.label}” has not reached the server. Discarded, it is lost.`,
      confirmLabel: 'Discard',
      style: 'danger',
    });
    if (confirmed) await discardItem(item.key);
  };
  const retry = async () => {
    setBusy(true);
    try {
      await retryItem(item.key);
    } finally {
      setBusy(false);
    }
  };
  const reasons = reasonsOf(item);
  return (
    <li className={styles.item}>
      <span className={styles.label}>{item.label}</span>
      <span>Saved on this device {formatSyncTime(item.queuedAt)}.</span>
      {item.state === 'refused' ? (
        <div className={styles.refused}>
          <p>The server did not save it: {item.refusal?.msg ?? 'it gave no reason.'}</p>
          {reasons.length > 0 && (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <span>Waiting to be sent.</span>
      )}
      <div className={styles.actions}>
        {item.state === 'refused' && item.target && item.method !== 'DELETE' && (
          <Button onClick={() => onFix(item)}>Fix</Button>
        )}
        <Button
          variant="secondary"
          onClick={() => void retry()}
          busy={busy}
          busyLabel="Sending…"
          disabled={sending && !busy}
        >
          {item.state === 'refused' ? 'Send again' : 'Send now'}
        </Button>
        <Button variant="danger" onClick={() => void discard()}>
          Discard
        </Button>
      </div>
    </li>
  );
}

/** Makes the write's farm, unit and plan active again, for its form's screen to show it. */
async function activateAccountOf(target: OutboxTarget): Promise<boolean> {
  const account = useAccount.getState();
  if (account.farm?.id !== target.farmId && !(await account.loadFarm(target.farmId))) return false;
  try {
    if (useAccount.getState().unit?.id !== target.unitId) account.selectUnit(target.unitId);
    if (useAccount.getState().plan?.id !== target.planId) account.selectPlan(target.planId);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}

/** Each write the outbox holds, with what the user can do about it. */
export function OutboxDialog({ onClose }: { onClose: () => void }) {
  const items = useOutbox((s) => s.items);
  const fix = async (item: OutboxItem) => {
    if (!item.target) return;
    onClose();
    if (!(await activateAccountOf(item.target))) return;
    openForFix(item.key);
    navigate(item.target.route);
  };
  return (
    <ModalDialog
      title="Changes waiting to be sent"
      onEscape={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {items.length === 0 ? (
        <p>Every change has been sent.</p>
      ) : (
        <ol className={styles.items}>
          {items.map((item) => (
            <OutboxEntry key={item.key} item={item} onFix={(i) => void fix(i)} />
          ))}
        </ol>
      )}
    </ModalDialog>
  );
}
