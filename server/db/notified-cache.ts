import { ChangeNotices } from './change-notices.ts';
import type { Db } from './types.ts';

/**
 * A channel a NotifiedCache hears, and what a notice on it drops: the entries of the tag that
 * `tagOf` reads from its payload, or everything where it gives none (or has no `tagOf`).
 */
export interface NoticeChannel {
  channel: string;
  tagOf?: (payload: string) => string | undefined;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  tags: readonly string[];
}

/**
 * Answers of one kind of read held in memory until the database announces that what they were
 * read from has changed (NOTIFY on its channels, sent by triggers on those tables, so for every
 * server sharing the database and every path that writes: routes, seeds, an operator's SQL).
 * A notice drops everything held, or where its channel says so, the entries of one tag (a unit's).
 *
 * While a listening connection is down a notice may have been missed, so nothing is held and
 * every read goes to the database until it listens again. A read that raced a notice does not
 * store what it read. Entries live at most `lifetimeMs`, a backstop should a change ever bypass
 * the triggers, and there are at most `maxEntries`. Answers are frozen: callers share them.
 */
export class NotifiedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** The keys held under each tag. */
  private readonly tagged = new Map<string, Set<string>>();
  private readonly notices: ChangeNotices[];
  /** Bumped by every notice: a read that raced one does not store what it read. */
  private generation = 0;

  constructor(
    db: Db,
    channels: string | readonly NoticeChannel[],
    private readonly limits: { lifetimeMs: number; maxEntries: number },
    private readonly clock: () => number = Date.now,
  ) {
    const heard = typeof channels === 'string' ? [{ channel: channels }] : channels;
    const forgetAll = () => this.forgetAll();
    this.notices = heard.map(
      ({ channel, tagOf }) =>
        new ChangeNotices(db, channel, {
          changed: (payload) => {
            const tag = tagOf?.(payload);
            if (tag === undefined) this.forgetAll();
            else this.forgetTag(tag);
          },
          reset: forgetAll,
        }),
    );
  }

  async start(): Promise<void> {
    await Promise.all(this.notices.map((n) => n.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.notices.map((n) => n.stop()));
  }

  private get listening(): boolean {
    return this.notices.every((n) => n.listening);
  }

  /** The answer held for `key`, or `read()`'s, held for next time under `tags`. */
  async get(key: string, read: () => Promise<T>, tags: readonly string[] = []): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && this.listening && now - entry.storedAt < this.limits.lifetimeMs) {
      return entry.value;
    }
    if (entry) this.drop(key, entry);

    const generation = this.generation;
    const value = deepFreeze(await read());
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= this.limits.maxEntries) {
        const oldest = this.entries.entries().next();
        if (!oldest.done) this.drop(...oldest.value);
      }
      this.entries.set(key, { value, storedAt: now, tags });
      for (const tag of tags) {
        const keys = this.tagged.get(tag) ?? new Set<string>();
        keys.add(key);
        this.tagged.set(tag, keys);
      }
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
    this.tagged.clear();
  }

  /** The same for a change that touches one tag's entries (a unit's records). */
  forgetTag(tag: string): void {
    this.generation += 1;
    for (const key of this.tagged.get(tag) ?? []) {
      const entry = this.entries.get(key);
      if (entry) this.drop(key, entry);
    }
    this.tagged.delete(tag);
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
