/**
 * Request signing, shared by the portal and the server so that both build the same string.
 *
 * A logged-in request carries its timestamp (epoch seconds, unique per key), the token's key and
 * HMAC-SHA256(secret, canonical) in hex, where canonical is
 *   "<timestamp>\n<METHOD>\n<path with query>\n<hex SHA-256 of the body bytes>".
 * Signing the body hash and the full path means no part of a request can be swapped in transit.
 */
export const AuthHeader = {
  ApplicationKey: 'x-application-key',
  Timestamp: 'x-auth-timestamp',
  Key: 'x-auth-key',
  Signature: 'x-auth-signature',
  AntiForgery: 'x-xsrf-token',
} as const;

export const ANTI_FORGERY_COOKIE = 'XSRF-TOKEN';

/** How far a request's timestamp may be from the server's clock, in seconds. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

export interface SignedParts {
  timestamp: number;
  method: string;
  /** Path and query exactly as sent, e.g. "/api/accounts/units/4/summary/9?x=1". */
  pathWithQuery: string;
  bodySha256: string;
}

/**
 * The path and query as a browser puts them on the wire (the WHATWG URL rules percent-encode
 * characters such as ' in a query), which is what the server sees and checks. Sign this.
 */
export function wirePathWithQuery(url: string): string {
  const parsed = new URL(url, 'http://origin.invalid');
  return parsed.pathname + parsed.search;
}

export function canonicalRequest(parts: SignedParts): string {
  return [
    String(parts.timestamp),
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    parts.bodySha256,
  ].join('\n');
}

const encoder = new TextEncoder();

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** Hex SHA-256 of a body ('' for none), via Web Crypto (browsers and Node alike). */
export async function sha256Hex(body: string | Uint8Array<ArrayBuffer> = ''): Promise<string> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** Hex HMAC-SHA256 of the canonical request, keyed by the token's secret. */
export async function signRequest(secret: string, parts: SignedParts): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(canonicalRequest(parts))));
}
