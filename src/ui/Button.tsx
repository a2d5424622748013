import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'success' | 'warning' | 'danger';
  /**
   * Server work this button started is under way: the button says so (aria-busy, a spinner and
   * busyLabel) and ignores further clicks and form submits. It stays focusable (aria-disabled,
   * not disabled), so focus is not thrown to the page while the work runs.
   */
  busy?: boolean;
  /** The label while busy ("Saving…"); the normal label stays when none is given. */
  busyLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy = false,
  busyLabel,
  children,
  onClick,
  'aria-disabled': ariaDisabled,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // A cancelled click also cancels the form submit it would start (Enter in a field included).
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type={type}
      className={classes}
      aria-busy={busy || undefined}
      aria-disabled={busy || ariaDisabled || undefined}
      {...rest}
      onClick={click}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
