/**
 * Sending one request the way every client of the API must: signed (when a token is given) with
 * the server's time, learning that time from every answer, and recovering by itself from the two
 * refusals an honest client can meet. The portal, the scripts and the tests all send through
 * this, so none of them can end an honest session over a clock or a retried connection.
 */
import { ErrorType } from './api.ts';
import type { ServerClock } from './server-clock.ts';
import { AuthHeader, signatureHeaders, type SigningToken } from './signing.ts';

export interface SignedFetchRequest {
  method: string;
  /** Where to send it: a path on this origin (the portal) or a full URL (scripts). */
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | undefined;
  signal?: AbortSignal | undefined;
}

export interface SignedFetchContext {
  clock: ServerClock;
  /** The session's token; null sends the request unsigned. */
  token: SigningToken | null;
  fetch?: typeof fetch;
  /** Extra fetch options (the portal's credentials mode). */
  init?: Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'>;
}

async function errorType(response: Response): Promise<{ type?: unknown; server_time?: unknown }> {
  try {
    return ((await response.clone().json()) ?? {}) as { type?: unknown; server_time?: unknown };
  } catch {
    return {};
  }
}

/**
 * Sends the request. A 401 Security_ClockSkew (this client's idea of the server's time was
 * wrong) corrects the clock from the answer and sends once more, freshly signed; a 401
 * Security_ReplayedRequest (the same signed request arrived twice, e.g. a connection retried
 * under it) is signed afresh and sent once more. Any other answer is returned as it is.
 */
export async function signedFetch(
  request: SignedFetchRequest,
  context: SignedFetchContext,
): Promise<Response> {
  const send: typeof fetch = context.fetch ?? ((input, init) => fetch(input, init));
  const { clock, token } = context;
  const retried = { clock: false, replay: false };
  const idempotencyKey = Object.entries(request.headers ?? {}).find(
    ([name]) => name.toLowerCase() === AuthHeader.IdempotencyKey,
  )?.[1];
  for (;;) {
    const headers = token
      ? {
          ...request.headers,
          ...(await signatureHeaders(token, {
            method: request.method,
            url: request.url,
            body: request.body,
            serverNowMs: clock.now(),
            idempotencyKey,
          })),
        }
      : { ...request.headers };
    const sentAt = clock.local();
    const response = await send(request.url, {
      ...context.init,
      method: request.method,
      headers,
      body: request.body,
      signal: request.signal,
    });
    const receivedAt = clock.local();
    clock.observeDateHeader(response.headers.get('date'), sentAt, receivedAt);
    if (!token || response.status !== 401) return response;

    const refusal = await errorType(response);
    if (refusal.type === ErrorType.ClockSkew && !retried.clock) {
      retried.clock = true;
      if (typeof refusal.server_time === 'number')
        clock.correct(refusal.server_time, sentAt, receivedAt);
      continue;
    }
    if (refusal.type === ErrorType.ReplayedRequest && !retried.replay) {
      retried.replay = true;
      continue;
    }
    return response;
  }
}

/** True for the 401s that say nothing about the session itself, which must not end it. */
export function isRecoverableRefusal(type: unknown): boolean {
  return type === ErrorType.ClockSkew || type === ErrorType.ReplayedRequest;
}
