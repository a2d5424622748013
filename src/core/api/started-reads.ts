import { isUnreachable } from '../connectivity/unreachable.ts';
import { apiGet, toQueryString, type QueryParams } from './client.ts';
import { NetworkError } from './errors.ts';

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
 * Where the signed-in user's reads are kept on this device (src/core/read-cache), given by the
 * signed-in shell so that the login page's first load carries none of it. `owner` is taken when
 * a read begins: an answer is kept for, and a copy read of, the user who asked, never the next.
 * `recall` answers the copy's data, or undefined when there is none.
 */
export interface ReadKeeper {
  owner(): number | null;
  keep(owner: number, key: string, data: unknown): void;
  recall(owner: number, key: string): Promise<unknown>;
}

let keeper: ReadKeeper | null = null;

export function keepReadsWith(readKeeper: ReadKeeper | null): void {
  keeper = readKeeper;
}

/**
 * A read that could not reach the server and has no copy on this device: the page has not been
 * read here before. Said as such, never as a missing feature (src/ui/errors/LoadFailed.tsx).
 */
export class NotReadOnThisDevice extends NetworkError {
  constructor(cause: unknown) {
    super(cause);
    this.name = 'NotReadOnThisDevice';
  }
}

/**
 * A read of the API: the answer of the same read begun early, taken over once (the first read
 * of it then costs no second request), or else a request of its own. Signed in, each answer is
 * kept on this device; when the server cannot be reached the kept copy answers instead
 * (stale-while-revalidate: swr asks again when the portal is back online), and the page owns
 * up to its age (src/core/read-cache/device-copies.ts).
 */
export async function apiRead<T>(path: string, params?: QueryParams): Promise<T> {
  const key = keyOf(path, params);
  const owner = keeper?.owner() ?? null;
  try {
    const answer = await (takeStartedRead<T>(path, params) ?? apiGet<T>(path, params));
    if (keeper && owner !== null) keeper.keep(owner, key, answer);
    return answer;
  } catch (error) {
    if (!keeper || owner === null || !isUnreachable(error)) throw error;
    const kept = await keeper.recall(owner, key).catch(() => undefined);
    if (kept === undefined) throw new NotReadOnThisDevice(error);
    return kept as T;
  }
}

/** Forgets every started read: the user who started them has gone. */
export function forgetStartedReads(): void {
  started.clear();
}
