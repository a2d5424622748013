import { type ApiErrorBody, type ApiPaged, type ApiSuccess } from '../../../shared/api.ts';
import { isRecoverableRefusal, signedFetch } from '../../../shared/signed-fetch.ts';
import { AuthHeader } from '../../../shared/signing.ts';
import { appConfig } from '../config.ts';
import { reachedServer, serverUnreachable } from '../connectivity/connectivity-store.ts';
import { isGatewayFailure } from '../connectivity/unreachable.ts';
import { antiForgeryToken, API_BASE } from './anti-forgery.ts';
import { sessionLink } from './credentials.ts';
import { ApiError, NetworkError } from './errors.ts';
import { serverClock } from './server-clock.ts';
import type { UploadProgress } from './xhr-fetch.ts';

export type { UploadProgress } from './xhr-fetch.ts';

export const APPLICATION_KEY_HEADER = AuthHeader.ApplicationKey;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export type QueryParams = Record<string, string | number | boolean | object | null | undefined>;

/** Numbers and booleans are stringified, objects sent as JSON, null and undefined left out. */
export function toQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'msg' in value && 'type' in value;
}

function isSuccessBody<T>(value: unknown): value is ApiSuccess<T> {
  return (
    typeof value === 'object' && value !== null && (value as { status?: unknown }).status === true
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface RequestOptions {
  params?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are (a file upload); the signature covers exactly these bytes. */
  bytes?: Uint8Array<ArrayBuffer>;
  signal?: AbortSignal;
  /** 'blob' reads a file download instead of JSON. */
  responseType?: 'json' | 'blob';
  /**
   * Told how much of the body has been sent. fetch cannot report that, so such a request goes
   * through XMLHttpRequest (xhr-fetch.ts); signing, retries and the answer's handling are the
   * same.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Sent as the Idempotency-Key header and signed with the rest: the same key on every retry of
   * one write, so that the server answers a retry with the first answer (issue 22's outbox).
   */
  idempotencyKey?: string;
}

/**
 * One request to the API, answered as the Response itself once it is known to be a success: the
 * application key always; when logged in, the signature headers (shared/signed-fetch.ts, which
 * also keeps the server's clock and recovers from a clock or replay refusal by itself); the
 * anti-forgery header on writes. Throws ApiError for a failure status and NetworkError when no
 * answer came; either way the portal's connectivity (src/core/connectivity) learns whether the
 * server was reached. A 401 to a signed request ends the session, unless it only said the request's
 * clock or nonce was refused, which says nothing about the session. A download reads the body
 * itself (download.ts); everything else goes through apiRequest.
 */
export async function apiResponse(
  method: string,
  path: string,
  options: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const verb = method.toUpperCase();
  const url = `${API_BASE}${path}${toQueryString(options.params)}`;
  const json = options.body === undefined ? undefined : JSON.stringify(options.body);
  const body = options.bytes ?? json;
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    [APPLICATION_KEY_HEADER]: appConfig.applicationKey,
  };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.bytes !== undefined) headers['Content-Type'] = 'application/octet-stream';
  if (options.idempotencyKey !== undefined)
    headers[AuthHeader.IdempotencyKey] = options.idempotencyKey;
  if (!SAFE_METHODS.has(verb)) {
    const token = await antiForgeryToken();
    if (token !== undefined) headers[AuthHeader.AntiForgery] = token;
  }
  const token = sessionLink().token();
  if (token) assertSecureContext();
  // Only uploads need it, so it stays out of the first load.
  const transport = options.onUploadProgress
    ? (await import('./xhr-fetch.ts')).xhrFetch(options.onUploadProgress)
    : undefined;

  let response: Response;
  try {
    response = await signedFetch(
      { method: verb, url, headers, body, signal: options.signal },
      {
        clock: serverClock,
        token,
        init: { credentials: 'same-origin' },
        ...(transport && { fetch: transport }),
      },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    serverUnreachable();
    throw new NetworkError(error);
  }
  // A gateway's failure is not the server's answer: the server was not reached.
  if (isGatewayFailure(response.status)) serverUnreachable();
  else reachedServer();

  if (!response.ok) {
    const failure = await readJson(response);
    const errorBody = isErrorBody(failure) ? failure : null;
    if (response.status === 401 && token && !isRecoverableRefusal(errorBody?.type)) {
      sessionLink().unauthorised();
    }
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

/**
 * One request to the API (apiResponse), its answer read: unwraps {status: true, data}; passes
 * 204 through as undefined; a blob when asked for one.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await apiResponse(method, path, options);
  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  const payload = await readJson(response);
  return isSuccessBody<T>(payload) ? payload.data : (payload as T);
}

/** Web Crypto is only offered on secure origins (https, or localhost while developing). */
function assertSecureContext(): void {
  if (typeof crypto === 'undefined' || typeof crypto.subtle === 'undefined') {
    throw new Error(
      'This portal must be opened over a secure (https) connection to sign requests.',
    );
  }
}

/** The spec's page request: page from 1 (default 1), perPage (default 10). */
export interface PageRequest {
  page?: number;
  perPage?: number;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;

export const apiGet = <T>(path: string, params?: QueryParams) =>
  apiRequest<T>('GET', path, { params });

/** The query of a paged GET: the params plus page and per_page, with the spec's defaults. */
export const pagedParams = (page: PageRequest, params: QueryParams = {}): QueryParams => ({
  ...params,
  page: page.page ?? DEFAULT_PAGE,
  per_page: page.perPage ?? DEFAULT_PER_PAGE,
});

/** A paged GET: adds page and per_page, answers the spec's paged result. */
export const apiGetPaged = <T>(path: string, page: PageRequest = {}, params: QueryParams = {}) =>
  apiRequest<ApiPaged<T>>('GET', path, { params: pagedParams(page, params) });

export const apiPost = <T>(path: string, body?: unknown, params?: QueryParams) =>
  apiRequest<T>('POST', path, { body, params });
export const apiPut = <T>(path: string, body?: unknown, params?: QueryParams) =>
  apiRequest<T>('PUT', path, { body, params });
export const apiDelete = <T = undefined>(path: string, params?: QueryParams) =>
  apiRequest<T>('DELETE', path, { params });

export interface UploadOptions {
  /** Aborts the upload (it then rejects with an AbortError). */
  signal?: AbortSignal;
  /** Told the bytes sent of the total as the upload goes. */
  onProgress?: (progress: UploadProgress) => void;
}

/** Uploads a file as its bytes alone, so that the signature covers the file itself. */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  params?: QueryParams,
  { signal, onProgress }: UploadOptions = {},
): Promise<T> {
  return apiRequest<T>('POST', path, {
    bytes: new Uint8Array(await file.arrayBuffer()),
    params,
    signal,
    onUploadProgress: onProgress,
  });
}
