/**
 * Request signing, shared by the portal, the server, the tests and the scripts, so that every
 * side builds the same string.
 *
 * A logged-in request carries its timestamp (epoch seconds by the server's clock), a nonce (128
 * random bits, new for every request), the token's key and HMAC-SHA256(secret, canonical) in
 * hex, where canonical is
 *   "<timestamp>\n<nonce>\n<METHOD>\n<path with query>\n<hex SHA-256 of the body bytes>\n<idempotency key>"
 * (the last line empty when the request carries none). Signing the body hash, the full path and
 * the idempotency key means no part of a request can be swapped in transit: a key moved onto
 * another write would make the server answer it with the first write's result.
 *
 * Replays are refused by the nonce, which the server remembers for as long as the timestamp is
 * acceptable (MAX_CLOCK_SKEW_SECONDS either side of its clock); the timestamp itself need not be
 * unique, so a client may send any number of requests a second. A client whose clock is wrong
 * signs with the server's time instead: it learns the offset from the Date header of every
 * answer, and a request outside the window is answered 401 Security_ClockSkew with the server's
 * time, so that the client can correct its offset and send the request again.
 */
export const AuthHeader = {
  ApplicationKey: 'x-application-key',
  Timestamp: 'x-auth-timestamp',
  Nonce: 'x-auth-nonce',
  Key: 'x-auth-key',
  Signature: 'x-auth-signature',
  AntiForgery: 'x-xsrf-token',
  /**
   * A write's key of the client's choosing, the same on every retry of that write: the server
   * answers a key it has seen with the answer it gave the first time (issue 22's outbox).
   */
  IdempotencyKey: 'idempotency-key',
} as const;

/**
 * Set to 'true' on an answer given again for an Idempotency-Key already answered: the write was
 * not repeated, and the status and body are the first answer's (server/idempotency/).
 */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const ANTI_FORGERY_COOKIE = 'XSRF-TOKEN';

/** How far a request's timestamp may be from the server's clock, in seconds. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** 16 to 64 characters of base64url or hex; the portal sends 128 random bits as 32 hex digits. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** 16 to 64 characters of base64url or hex, as a nonce; the portal sends a random UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export interface SignedParts {
  timestamp: number;
  nonce: string;
  method: string;
  /** Path and query exactly as sent, e.g. "/api/accounts/units/4/summary/9?x=1". */
  pathWithQuery: string;
  bodySha256: string;
  /** The request's Idempotency-Key header; '' (or absent) when it carries none. */
  idempotencyKey?: string | undefined;
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
    parts.nonce,
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    parts.bodySha256,
    parts.idempotencyKey ?? '',
  ].join('\n');
}

const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/** 128 random bits as 32 hex digits, from the platform's CSPRNG (browsers and Node alike). */
export function newNonce(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

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

export interface SigningToken {
  key: string;
  secret: string;
}

export interface RequestToSign {
  method: string;
  /** The URL or path the request goes to; it is signed as it goes on the wire. */
  url: string;
  body?: string | Uint8Array<ArrayBuffer> | undefined;
  /** The server's time in milliseconds since the epoch, as the client best knows it. */
  serverNowMs: number;
  /** A nonce of the caller's choosing (tests); a fresh one by default. */
  nonce?: string;
  /** The Idempotency-Key header the request carries, if any; it is signed with the rest. */
  idempotencyKey?: string | undefined;
}

/** The four signature headers of one request. */
export async function signatureHeaders(
  token: SigningToken,
  request: RequestToSign,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(request.serverNowMs / 1000);
  const nonce = request.nonce ?? newNonce();
  const signature = await signRequest(token.secret, {
    timestamp,
    nonce,
    method: request.method,
    pathWithQuery: wirePathWithQuery(request.url),
    bodySha256: await sha256Hex(request.body ?? ''),
    idempotencyKey: request.idempotencyKey,
  });
  return {
    [AuthHeader.Timestamp]: String(timestamp),
    [AuthHeader.Nonce]: nonce,
    [AuthHeader.Key]: token.key,
    [AuthHeader.Signature]: signature,
  };
}
