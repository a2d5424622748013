import { ANTI_FORGERY_COOKIE } from '../../../shared/signing.ts';

export const API_BASE = '/api';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/**
 * The anti-forgery token every write must echo. The server hands the cookie out with any
 * answer; a page served by the Vite dev server has none yet, so the first write fetches it from
 * the (key-free) health check.
 */
export async function antiForgeryToken(): Promise<string | undefined> {
  const existing = readCookie(ANTI_FORGERY_COOKIE);
  if (existing !== undefined) return existing;
  await fetch(`${API_BASE}/health`, { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(ANTI_FORGERY_COOKIE);
}
