import { useId, type ReactNode } from 'react';
import { useDelayed } from './use-delayed.ts';
import styles from './Progress.module.css';

export interface ProgressBarProps {
  /** Names the bar and shows above it ("Uploading tenancy.pdf", "Building the report…"). */
  label: string;
  /** Done so far; leave out for an indeterminate bar. */
  value?: number;
  max?: number;
  /** The value in words, shown beside the label and read out ("1.2 MB of 3.4 MB"). */
  valueText?: string;
  /** Actions beside the bar (a Cancel button). */
  children?: ReactNode;
}

/** A native progress bar with a visible label: determinate with value, indeterminate without. */
export function ProgressBar({ label, value, max, valueText, children }: ProgressBarProps) {
  const id = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.text}>
        <label htmlFor={id}>{label}</label>
        {valueText !== undefined && (
          <span className={styles.value} aria-hidden="true">
            {valueText}
          </span>
        )}
      </div>
      <div className={styles.row}>
        <progress
          id={id}
          className={styles.bar}
          value={value}
          max={value === undefined ? undefined : max}
          aria-valuetext={valueText}
        />
        {children}
      </div>
    </div>
  );
}

export interface DelayedProgressProps extends ProgressBarProps {
  /** The wait is under way. */
  active: boolean;
  /** How long the wait must last before the bar shows (1 s by default). */
  delayMs?: number;
}

/** A progress bar for a wait that shows only once the wait has lasted a second. */
export function DelayedProgress({ active, delayMs, ...bar }: DelayedProgressProps) {
  const shown = useDelayed(active, delayMs);
  return shown ? <ProgressBar {...bar} /> : null;
}
