import { ChangeNotices } from './change-notices.ts';
import type { Db } from './types.ts';

/**
 * Answers of one kind of read held in memory until the database announces that what they were
 * read from has changed (NOTIFY on `channel`, sent by triggers on those tables, so for every
 * server sharing the database and every path that writes: routes, seeds, an operator's SQL).
 * A notice drops everything held; the tables behind such a cache change seldom.
 *
 * While the listening connection is down a notice may have been missed, so nothing is held and
 * every read goes to the database until it listens again. A read that raced a notice does not
 * store what it read. Entries live at most `lifetimeMs`, a backstop should a change ever bypass
 * the triggers, and there are at most `maxEntries`. Answers are frozen: callers share them.
 */
export class NotifiedCache<T> {
  private readonly entries = new Map<string, { value: T; storedAt: number }>();
  private readonly notices: ChangeNotices;
  /** Bumped by every notice: a read that raced one does not store what it read. */
  private generation = 0;

  constructor(
    db: Db,
    channel: string,
    private readonly limits: { lifetimeMs: number; maxEntries: number },
    private readonly clock: () => number = Date.now,
  ) {
    const forgetAll = () => this.forgetAll();
    this.notices = new ChangeNotices(db, channel, { changed: forgetAll, reset: forgetAll });
  }

  start(): Promise<void> {
    return this.notices.start();
  }

  stop(): Promise<void> {
    return this.notices.stop();
  }

  /** The answer held for `key`, or `read()`'s, held for next time. */
  async get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && this.notices.listening && now - entry.storedAt < this.limits.lifetimeMs) {
      return entry.value;
    }
    if (entry) this.entries.delete(key);

    const generation = this.generation;
    const value = deepFreeze(await read());
    if (this.notices.listening && generation === this.generation) {
      if (this.entries.size >= this.limits.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { value, storedAt: now });
    }
    return value;
  }

  /**
   * For the server that made a change: PostgreSQL delivers the notice a moment after the commit,
   * and the next request may already be on its way here.
   */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
