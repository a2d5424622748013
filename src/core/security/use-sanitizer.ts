import { useEffect, useState } from 'react';
import { logger } from '../logging/logger.ts';

/** sanitizeHtml of ./sanitize.ts: DOMPurify with the portal's settings. */
export type Sanitize = (html: string) => string;

let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/**
 * Loads the sanitiser (./sanitize.ts, and DOMPurify with it) the first time HTML is to be shown,
 * so that a page with none, the login page without a login message, does not download it.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize.ts').then(
    (module) => (loaded = module.sanitizeHtml),
    (error: unknown) => {
      // Asked for again next time (a release may have replaced the chunk meanwhile).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The sanitiser for a component that shows HTML it is given: null until it has loaded, which it
 * is asked to do once `needed` is true. The HTML waits for it: nothing is ever shown unsanitised.
 */
export function useSanitizer(needed: boolean): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loaded);
  useEffect(() => {
    if (!needed || sanitize) return;
    let current = true;
    loadSanitizer().then(
      (ready) => {
        if (current) setSanitize(() => ready);
      },
      (error: unknown) => {
        logger.error('The HTML sanitiser could not be loaded', error);
      },
    );
    return () => {
      current = false;
    };
  }, [needed, sanitize]);
  return sanitize;
}
