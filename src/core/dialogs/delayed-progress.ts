import { useDialogs } from './dialog-store.ts';

/** A wait shorter than this shows no progress at all, so quick actions do not flash. */
export const PROGRESS_DELAY_MS = 1000;

/** The messages of the waits that have passed the delay, oldest first; the newest shows. */
const showing: string[] = [];

function showNewest(): void {
  const newest = showing.at(-1);
  if (newest === undefined) useDialogs.getState().hideProgress();
  else useDialogs.getState().showProgress(newest);
}

/**
 * Runs slow work (building a download, an export) and opens the spec's indeterminate progress
 * dialog with `message` if it is still running after `delayMs`; the dialog closes when the work
 * ends, however it ends. Overlapping waits share the one dialog: it shows the newest message and
 * closes when the last wait is over. Answers (or throws) what the work does.
 */
export async function withDelayedProgress<T>(
  message: string,
  work: () => Promise<T>,
  delayMs: number = PROGRESS_DELAY_MS,
): Promise<T> {
  const wait = { shown: false };
  const timer = setTimeout(() => {
    wait.shown = true;
    showing.push(message);
    showNewest();
  }, delayMs);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    if (wait.shown) {
      showing.splice(showing.indexOf(message), 1);
      showNewest();
    }
  }
}
