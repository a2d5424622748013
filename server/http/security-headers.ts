import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-path.ts';

/**
 * A strict policy: scripts only from our origin, never inline or eval'd, so an injected
 * string can never run. Styles allow 'self' only too; React sets style properties through
 * the CSSOM, which the policy does not restrict.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** An API answer is data, never a document: it may load nothing and be framed nowhere. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * What an API answer may be cached as, unless its route says otherwise (public brand content
 * does): answers carry personal data, which no browser or proxy cache may keep.
 */
export const API_CACHE_CONTROL = 'no-store';

export function installSecurityHeaders(app: FastifyInstance, production: boolean): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const api = isApiRequest(request);
    // A route that sets a stricter policy of its own (a download's sandbox) keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header(
        'Content-Security-Policy',
        api ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
      );
    }
    if (api && !reply.hasHeader('cache-control')) reply.header('Cache-Control', API_CACHE_CONTROL);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (production)
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
