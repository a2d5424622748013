import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';

export const API_PREFIX = '/api';

/**
 * True when the request reached a route of the API. The decision is taken on the route that
 * matched, never on the raw URL: the router decodes "/%61pi/…" to "/api/…", so a check of the
 * raw text would let such a request past every API rule.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === API_PREFIX || route.startsWith(`${API_PREFIX}/`));
}

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape: compare the text as it came
  }
}

/**
 * True when a path that matched no route was meant for the API, however it was spelt:
 * "/API/users/me", "//api/users/me", "/%61pi/x" and "/api/../api/x" all were. Such a request
 * answers the API's JSON 404, never the portal's HTML.
 */
export function looksLikeApiPath(rawUrl: string): boolean {
  const pathname = rawUrl.split('?')[0] ?? '';
  const normalised = posix.normalize(`/${decodeOnce(pathname).replaceAll('\\', '/')}`);
  const first = normalised.split('/')[1] ?? '';
  return first.toLowerCase() === API_PREFIX.slice(1);
}

/** An answer of the API: a matched API route, or any other request whose path was meant for it. */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiRoute(request) || looksLikeApiPath(request.url);
}
