import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';

export const CROSS_SITE_TYPE = 'Security_CrossSiteRequest';

/** Fetch metadata values of a request the portal itself made, or the user made directly. */
const OWN_SITES = new Set(['same-origin', 'none']);

function single(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Defence in depth beside the anti-forgery token: a state-changing request that the browser
 * says came from another site is refused before anything else looks at it. Browsers send
 * Sec-Fetch-Site on every request (the portal's own say "same-origin"); older ones send at least
 * Origin on a cross-origin POST, which must then name this host ("null", sent from sandboxed or
 * opaque contexts, never does). Scripts and other non-browser clients send neither and are not
 * affected: they cannot be tricked into sending a user's cookies anyway.
 */
export function assertNotCrossSite(request: FastifyRequest): void {
  const site = single(request, 'sec-fetch-site');
  if (site !== undefined) {
    if (OWN_SITES.has(site.toLowerCase())) return;
    throw refused(`the browser says it came from a ${site} page`);
  }
  const origin = single(request, 'origin');
  if (origin === undefined) return;
  // request.host follows X-Forwarded-Host only when TRUST_PROXY says a proxy sets it.
  if (hostOf(origin)?.toLowerCase() !== request.host.toLowerCase()) {
    throw refused(`it came from ${origin.slice(0, 200)}`);
  }
}

const refused = (why: string) =>
  new HttpError(
    403,
    `Changes may only be made from this portal's own pages; this request was refused because ${why}.`,
    CROSS_SITE_TYPE,
  );
