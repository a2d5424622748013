import { useDialogs, type Dialog, type DialogStyle } from '../../core/dialogs/dialog-store.ts';
import { Button, type ButtonProps } from '../Button.tsx';
import styles from './Dialog.module.css';
import { ModalDialog } from './ModalDialog.tsx';

const VARIANT: Record<DialogStyle, ButtonProps['variant']> = {
  general: 'primary',
  success: 'success',
  warning: 'warning',
  danger: 'danger',
};

function DialogView({ dialog }: { dialog: Dialog }) {
  const settle = useDialogs((s) => s.settle);
  const close = () => settle(dialog.id, false);
  const actions =
    dialog.kind === 'confirm' ? (
      <>
        <Button variant="secondary" onClick={close}>
          {dialog.cancelLabel}
        </Button>
        <Button variant={VARIANT[dialog.style]} onClick={() => settle(dialog.id, true)} autoFocus>
          {dialog.confirmLabel}
        </Button>
      </>
    ) : (
      <Button variant={VARIANT[dialog.style]} onClick={close} autoFocus>
        {dialog.closeLabel}
      </Button>
    );
  return (
    <ModalDialog
      title={dialog.title}
      actions={actions}
      onEscape={close}
      role={dialog.kind === 'notice' ? 'dialog' : 'alertdialog'}
    >
      {dialog.message && <p>{dialog.message}</p>}
      {dialog.items && dialog.items.length > 0 && (
        <ul className={styles.items}>
          {dialog.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}

/** Shows the open dialogs, the newest on top, and the indeterminate progress dialog. */
export function DialogHost() {
  const dialogs = useDialogs((s) => s.dialogs);
  const progress = useDialogs((s) => s.progress);
  return (
    <>
      {dialogs.map((dialog) => (
        <DialogView key={dialog.id} dialog={dialog} />
      ))}
      {progress !== null && (
        <ModalDialog title="Working">
          <div className={styles.progress} role="progressbar" aria-label={progress}>
            <span className={styles.spinner} aria-hidden="true" />
            <span>{progress}</span>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
