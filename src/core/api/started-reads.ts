import { apiGet, toQueryString, type QueryParams } from './client.ts';

/** A read of the API: its path and query, as useApi names it. */
export type ApiRead = readonly [path: string, params?: QueryParams];

/**
 * A started read is handed over only this soon after it began: later, the screen that asks has
 * not come from the same page load, and asks the server afresh.
 */
export const STARTED_READ_TTL_MS = 10_000;

interface Started {
  answer: Promise<unknown>;
  at: number;
}

const started = new Map<string, Started>();

const keyOf = (path: string, params?: QueryParams) => `${path}${toQueryString(params)}`;
const isFresh = (entry: Started) => Date.now() - entry.at <= STARTED_READ_TTL_MS;

/**
 * Begins a read before the screen that shows it has loaded (a reload of a signed-in page: see
 * src/app/start-page.ts), so that its answer travels while the page's code and the account
 * still load instead of after them. Its failure is the screen's to show when it takes it.
 */
export function startRead(path: string, params?: QueryParams): void {
  const key = keyOf(path, params);
  const begun = started.get(key);
  if (begun && isFresh(begun)) return;
  const answer = apiGet<unknown>(path, params);
  // Nobody may ever take it (the screen was left first); its failure is then nobody's to show.
  answer.catch(() => undefined);
  started.set(key, { answer, at: Date.now() });
}

/** The answer of a read started for this path and query, handed over once, or undefined. */
function takeStartedRead<T>(path: string, params?: QueryParams): Promise<T> | undefined {
  const key = keyOf(path, params);
  const entry = started.get(key);
  if (!entry) return undefined;
  started.delete(key);
  return isFresh(entry) ? (entry.answer as Promise<T>) : undefined;
}

/**
 * A read of the API: the answer of the same read begun early, taken over once (the first read
 * of it then costs no second request), or else a request of its own.
 */
export function apiRead<T>(path: string, params?: QueryParams): Promise<T> {
  return takeStartedRead<T>(path, params) ?? apiGet<T>(path, params);
}

/** Forgets every started read: the user who started them has gone. */
export function forgetStartedReads(): void {
  started.clear();
}
