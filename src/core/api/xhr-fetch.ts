/** How much of a request's body has gone to the server. */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all. */
  total: number;
}

/** Statuses whose Response may carry no body at all. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function bodySize(body: BodyInit | null | undefined): number {
  if (body === null || body === undefined) return 0;
  if (typeof body === 'string') return new TextEncoder().encode(body).byteLength;
  if (body instanceof Blob) return body.size;
  if (ArrayBuffer.isView(body) || body instanceof ArrayBuffer) return body.byteLength;
  return 0;
}

const abortError = () => new DOMException('The request was cancelled.', 'AbortError');

/**
 * A `fetch` that sends through XMLHttpRequest, whose upload reports progress (fetch's does not).
 * It only replaces the transport: shared/signed-fetch.ts still signs and retries, and the API
 * client still maps the answer, exactly as for every other call. It answers a real Response,
 * rejects with a TypeError when no answer came (as fetch does) and with an AbortError when the
 * signal aborts the request.
 */
export function xhrFetch(onUploadProgress: (progress: UploadProgress) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const url = input instanceof Request ? input.url : String(input);
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.responseType = 'arraybuffer';
      xhr.withCredentials = init.credentials === 'include';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));

      const total = bodySize(init.body);
      xhr.upload.onprogress = (event) => {
        onUploadProgress({
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : total,
        });
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);

      xhr.onload = () => {
        settle();
        const status = xhr.status;
        const body = NULL_BODY_STATUSES.has(status) ? null : (xhr.response as ArrayBuffer | null);
        resolve(
          new Response(body, { status, statusText: xhr.statusText, headers: responseHeaders(xhr) }),
        );
      };
      xhr.onerror = () => {
        settle();
        reject(new TypeError('Network request failed'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        settle();
        reject(abortError());
      };
      onUploadProgress({ loaded: 0, total });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
