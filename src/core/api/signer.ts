import type { AuthToken } from '../../../shared/api.ts';
import { AuthHeader, sha256Hex, signRequest, wirePathWithQuery } from '../../../shared/signing.ts';
import { appConfig } from '../config.ts';
import { sessionScopedStorage } from '../session/storage.ts';

/**
 * The last timestamp used with a key survives reloads: a burst of requests runs a few seconds
 * ahead of the clock, and a page reloaded within those seconds must not reuse them. It is kept
 * where the session is (this tab in production, this browser in development).
 */
const STAMP_KEY = `${appConfig.storageKeyPrefix}lastStamp`;

function lastStamp(key: string): number {
  try {
    const saved = JSON.parse(sessionScopedStorage()?.getItem(STAMP_KEY) ?? 'null') as {
      key?: string;
      stamp?: number;
    } | null;
    return saved?.key === key && typeof saved.stamp === 'number' ? saved.stamp : 0;
  } catch {
    return 0;
  }
}

/**
 * A timestamp in seconds, unique for the key: now, or one past the last one used when several
 * requests go out within the same second. The server accepts up to 300 s either side of its clock.
 */
export function nextTimestamp(key: string, now = Date.now()): number {
  const stamp = Math.max(Math.floor(now / 1000), lastStamp(key) + 1);
  sessionScopedStorage()?.setItem(STAMP_KEY, JSON.stringify({ key, stamp }));
  return stamp;
}

/** Web Crypto is only offered on secure origins (https, or localhost while developing). */
function assertSecureContext(): void {
  if (typeof crypto === 'undefined' || typeof crypto.subtle === 'undefined') {
    throw new Error(
      'This portal must be opened over a secure (https) connection to sign requests.',
    );
  }
}

/** The signature headers of one request, as shared/signing.ts defines them. */
export async function signatureHeaders(
  token: AuthToken,
  method: string,
  url: string,
  body: string | Uint8Array<ArrayBuffer> | undefined,
): Promise<Record<string, string>> {
  assertSecureContext();
  const timestamp = nextTimestamp(token.key);
  const signature = await signRequest(token.secret, {
    timestamp,
    method,
    pathWithQuery: wirePathWithQuery(url),
    bodySha256: await sha256Hex(body ?? ''),
  });
  return {
    [AuthHeader.Timestamp]: String(timestamp),
    [AuthHeader.Key]: token.key,
    [AuthHeader.Signature]: signature,
  };
}
