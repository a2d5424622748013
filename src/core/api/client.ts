import type { ApiErrorBody, ApiSuccess } from '../../../shared/api.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader } from '../../../shared/signing.ts';
import { appConfig } from '../config.ts';
import { ApiError, NetworkError } from './errors.ts';

export const API_BASE = '/api';
export const APPLICATION_KEY_HEADER = AuthHeader.ApplicationKey;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/**
 * The server hands out the anti-forgery cookie with any answer; a page served by the Vite dev
 * server has none yet, so the first write fetches it from the (key-free) health check.
 */
async function antiForgeryToken(): Promise<string | undefined> {
  const existing = readCookie(ANTI_FORGERY_COOKIE);
  if (existing !== undefined) return existing;
  await fetch(`${API_BASE}/health`, { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(ANTI_FORGERY_COOKIE);
}

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
  body?: unknown;
  signal?: AbortSignal;
}

/** One request to the API: adds the product headers, unwraps {status: true, data}, throws ApiError. */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [APPLICATION_KEY_HEADER]: appConfig.applicationKey,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const token = await antiForgeryToken();
    if (token !== undefined) headers[AuthHeader.AntiForgery] = token;
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toQueryString(options.params)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (response.status === 204) return undefined as T;
  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
  return isSuccessBody<T>(payload) ? payload.data : (payload as T);
}

export const apiPost = <T>(path: string, body?: unknown, params?: QueryParams) =>
  apiRequest<T>('POST', path, { body, params });
export const apiGet = <T>(path: string, params?: QueryParams) =>
  apiRequest<T>('GET', path, { params });
