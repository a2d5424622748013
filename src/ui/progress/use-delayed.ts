import { useEffect, useState } from 'react';
import { PROGRESS_DELAY_MS } from '../../core/dialogs/delayed-progress.ts';

/**
 * True once `active` has stayed true for `delayMs` (1 s by default), false again as soon as it
 * turns false: what decides whether a wait is long enough to show progress for.
 */
export function useDelayed(active: boolean, delayMs: number = PROGRESS_DELAY_MS): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setPassed(false);
    };
  }, [active, delayMs]);
  return active && passed;
}
