import { create } from 'zustand';

/** A read answered from this device's copy because the server could not be reached. */
export interface DeviceCopy {
  /** When the server gave the answer the copy holds (ms since the epoch). */
  at: number;
  /** The page (location.pathname) that read it: the note is the page's own. */
  page: string;
}

interface DeviceCopiesState {
  /** By read key (its path and query). */
  copies: Record<string, DeviceCopy>;
}

/**
 * The reads shown from this device's copy, until the server answers them again: what the page's
 * "as of" note (src/ui/connectivity/DeviceCopyNote.tsx) is about.
 */
export const useDeviceCopies = create<DeviceCopiesState>()(() => ({ copies: {} }));

export function shownFromDevice(key: string, at: number, page = currentPage()): void {
  useDeviceCopies.setState((s) => ({ copies: { ...s.copies, [key]: { at, page } } }));
}

export function answeredByServer(key: string): void {
  if (!(key in useDeviceCopies.getState().copies)) return;
  useDeviceCopies.setState((s) => {
    const { [key]: _answered, ...others } = s.copies;
    return { copies: others };
  });
}

export function forgetDeviceCopies(): void {
  useDeviceCopies.setState({ copies: {} });
}

/** The oldest copy a page shows, or null when it shows none: what its note must own up to. */
export function oldestCopyOn(copies: Record<string, DeviceCopy>, page: string): number | null {
  let oldest: number | null = null;
  for (const copy of Object.values(copies))
    if (copy.page === page && (oldest === null || copy.at < oldest)) oldest = copy.at;
  return oldest;
}

const currentPage = () => (typeof location === 'undefined' ? '' : location.pathname);
