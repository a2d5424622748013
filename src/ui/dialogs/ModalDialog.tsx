import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Escape calls this; without it Escape does nothing. The backdrop never closes the dialog. */
  onEscape?: () => void;
  role?: 'dialog' | 'alertdialog';
}

/** A modal on <dialog>: focus stays inside, the backdrop is static, Escape is the caller's. */
export function ModalDialog({ title, children, actions, onEscape, role }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onEscape?.();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={bodyId} className={styles.body}>
        {children}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </dialog>
  );
}
