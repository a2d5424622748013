import { create } from 'zustand';
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { logger } from '../logging/logger.ts';
import type { OutboxStorage } from './outbox-db.ts';
import { sendFailure, type OutboxItem, type OutboxWrite } from './outbox-item.ts';

/**
 * Why the outbox is not sending: 'offline' (no answer from the server), 'logged-out' (a 401 ended
 * the session; it goes on when the same user logs in again), or null (sending, or nothing to send).
 */
export type OutboxPause = 'offline' | 'logged-out' | null;

interface OutboxState {
  /** The user whose items are shown and sent; null while nobody is logged in. */
  userId: number | null;
  /** That user's items, oldest first. */
  items: OutboxItem[];
  sending: boolean;
  paused: OutboxPause;
  /** The item the user chose to fix, for its form's screen to open it (openForFix). */
  fixing: string | null;
}

export const useOutbox = create<OutboxState>()(() => ({
  userId: null,
  items: [],
  sending: false,
  paused: null,
  fixing: null,
}));

/** What became of a write handed to the outbox while its form waited. */
export type SubmitOutcome<T> =
  | { kind: 'sent'; data: T }
  | { kind: 'queued'; item: OutboxItem }
  | { kind: 'refused'; error: ApiError };

/** The retries' waits after an answer that said "later", in ms: the last repeats. */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

interface Running {
  db: OutboxStorage;
  /**
   * Told of every write the server took, to refresh what shows it; `background` when no form
   * was waiting for it (it had waited in the outbox), so the user is told it went.
   */
  onSent: (item: OutboxItem, background: boolean) => void;
}

let running: Running | null = null;
/** The outbox's opening for the session, while it is under way (outbox-session.ts). */
let opening: Promise<unknown> | null = null;
let drainRun: Promise<void> | null = null;
let drainAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
const outcomes = new Map<string, SubmitOutcome<unknown>>();
/** The items whose form is waiting for the first attempt's outcome (submitWrite). */
const awaited = new Set<string>();

const set = (partial: Partial<OutboxState>) => useOutbox.setState(partial);
const replaceItem = (item: OutboxItem) =>
  set({ items: useOutbox.getState().items.map((i) => (i.key === item.key ? item : i)) });
const isQueued = (key: string) => useOutbox.getState().items.some((i) => i.key === key);
const dropItem = (key: string) =>
  set({ items: useOutbox.getState().items.filter((i) => i.key !== key) });

/**
 * Opens the user's outbox on this device and sends what waits in it. Called once the session and
 * its key for data on this device are known (a login, or a restored session).
 */
export async function startOutbox(userId: number, options: Running): Promise<void> {
  running = options;
  const items = await options.db.list(userId);
  set({ userId, items, paused: null });
  void drainOutbox();
}

/** Says that the outbox is being opened for the session: a write made meanwhile waits for it. */
export function openingOutbox(done: Promise<unknown>): void {
  opening = done;
  const clear = () => {
    if (opening === done) opening = null;
  };
  done.then(clear, clear);
}

/** Logout: the items stay on the device, sealed, for the same user's next login. */
export function stopOutbox(): void {
  running = null;
  opening = null;
  clearTimeout(retryTimer);
  retries = 0;
  set({ userId: null, items: [], sending: false, paused: null, fixing: null });
}

/**
 * Keeps the write on this device first, then sends it in its turn, so that however the attempt
 * ends (an answer, a lost connection, a closed tab), the write is either taken by the server once,
 * or still in the outbox with the same key.
 */
export async function submitWrite<T>(write: OutboxWrite): Promise<SubmitOutcome<T>> {
  // A save made as the page loads waits for the outbox, rather than going without it.
  if (!running && opening) await opening.catch(() => undefined);
  const { userId } = useOutbox.getState();
  if (!running || userId === null) return sendWithoutOutbox<T>(write);
  const item: OutboxItem = {
    ...write,
    key: crypto.randomUUID(),
    userId,
    queuedAt: Date.now(),
    state: 'waiting',
    tries: 0,
  };
  await running.db.put(item);
  set({ items: [...useOutbox.getState().items, item] });
  awaited.add(item.key);
  try {
    await drainOutbox();
  } finally {
    awaited.delete(item.key);
  }
  const outcome = outcomes.get(item.key);
  outcomes.delete(item.key);
  if (outcome?.kind === 'refused') {
    // The form is still open and shows the server's reasons: the item is the form's again.
    await discardItem(item.key);
    return outcome;
  }
  return (outcome as SubmitOutcome<T> | undefined) ?? { kind: 'queued', item };
}

/**
 * The outbox could not open on this device (no IndexedDB, or no key for it yet): the write is sent
 * as it is, still with a key, and a lost connection is reported rather than kept.
 */
async function sendWithoutOutbox<T>(write: OutboxWrite): Promise<SubmitOutcome<T>> {
  try {
    const data = await apiRequest<T>(write.method, write.path, {
      body: write.body,
      idempotencyKey: crypto.randomUUID(),
    });
    return { kind: 'sent', data };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401
    )
      return { kind: 'refused', error };
    throw error;
  }
}

/** Removes an item for good (the user discarded it, or its form took it back). */
export async function discardItem(key: string): Promise<void> {
  await running?.db.delete(key);
  dropItem(key);
}

/** Asks the screen of the item's form to open it (the caller goes to that screen). */
export function openForFix(key: string): void {
  set({ fixing: key });
}

/** The item waiting to be fixed, if `accepts` says this form is its own; it is then taken. */
export function takeFix(accepts: (item: OutboxItem) => boolean): OutboxItem | undefined {
  const { fixing, items } = useOutbox.getState();
  const item = items.find((i) => i.key === fixing);
  if (!item || !accepts(item)) return undefined;
  set({ fixing: null });
  return item;
}

/**
 * Sends an item now. A refused one goes with a new key: the server keeps its refusal under the
 * old key and would only give it again, and nothing was written under it.
 */
export async function retryItem(key: string): Promise<void> {
  const item = useOutbox.getState().items.find((i) => i.key === key);
  if (!item || !running) return;
  const { refusal: _dropped, ...rest } = item;
  const again: OutboxItem =
    item.state === 'refused'
      ? { ...rest, key: crypto.randomUUID(), state: 'waiting', tries: 0 }
      : { ...rest, state: 'waiting' };
  await running.db.put(again);
  if (again.key !== key) await running.db.delete(key);
  set({ items: useOutbox.getState().items.map((i) => (i.key === key ? again : i)) });
  retries = 0;
  await drainOutbox();
}

/**
 * Sends the waiting items one at a time, oldest first, each with its own key. It stops at the
 * first that gets no answer or is told to wait, and tries again later; a refused item waits for
 * the user and the next one is sent.
 */
export function drainOutbox(): Promise<void> {
  if (drainRun) {
    drainAgain = true;
    return drainRun;
  }
  drainRun = (async () => {
    try {
      // A call made during a run (a new write, the network back) asks for one more pass.
      for (let again = true; again; again = takeDrainAgain()) await drainOnce();
    } finally {
      drainRun = null;
      set({ sending: false });
    }
  })();
  return drainRun;
}

async function drainOnce(): Promise<void> {
  clearTimeout(retryTimer);
  for (;;) {
    const current = running;
    const { userId, items } = useOutbox.getState();
    const item = items.find((i) => i.state === 'waiting');
    if (!current || userId === null || !item) return;
    set({ sending: true, paused: null });
    try {
      const data = await apiRequest<unknown>(item.method, item.path, {
        body: item.body,
        idempotencyKey: item.key,
      });
      await current.db.delete(item.key);
      dropItem(item.key);
      retries = 0;
      if (awaited.has(item.key)) outcomes.set(item.key, { kind: 'sent', data });
      current.onSent(item, !awaited.has(item.key));
    } catch (error) {
      // The session ended while it was being sent, or the user discarded it: nothing to keep.
      if (running !== current) return;
      if (!isQueued(item.key)) continue;
      const failure = sendFailure(error);
      if (failure === 'refused') {
        const refused: OutboxItem = {
          ...item,
          state: 'refused',
          tries: item.tries + 1,
          ...((error as ApiError).body && { refusal: (error as ApiError).body ?? undefined }),
        };
        await current.db.put(refused);
        replaceItem(refused);
        if (awaited.has(item.key))
          outcomes.set(item.key, { kind: 'refused', error: error as ApiError });
        continue;
      }
      const tried: OutboxItem = { ...item, tries: item.tries + 1, lastTriedAt: Date.now() };
      await current.db.put(tried);
      replaceItem(tried);
      if (failure === 'logged-out') {
        set({ paused: 'logged-out' });
        return;
      }
      if (failure === 'unreachable') set({ paused: 'offline' });
      else logger.info('The server asked the outbox to wait', error);
      scheduleRetry();
      return;
    }
  }
}

function takeDrainAgain(): boolean {
  const again = drainAgain;
  drainAgain = false;
  return again;
}

function scheduleRetry() {
  const delay = RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
  retries += 1;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void drainOutbox(), delay);
}

/**
 * The server answers again (src/core/connectivity, which also probes it at the browser's online
 * event): what waits is sent at once rather than at the next retry.
 */
export function sendWaitingNow(): Promise<void> {
  retries = 0;
  return drainOutbox();
}
