import { useSyncExternalStore } from 'react';

/** The spec's narrow-screen breakpoint: below 768 px. */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_SCREEN_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const getSnapshot = (): boolean => mediaQuery()?.matches ?? false;

/** Without a window (server rendering) the screen counts as wide. */
const getServerSnapshot = (): boolean => false;

/** True while the viewport is narrower than 768 px; follows changes to it. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
