import { appPaths } from '../config.ts';

/**
 * Accepts a returnUrl only when it is a path on this site: it must start with a single '/',
 * so "//evil.example", "/\evil.example", "https://..." and "javascript:" are all refused.
 */
export function safeReturnUrl(
  value: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.pathname === appPaths.login ? null : path;
  } catch {
    return null;
  }
}
