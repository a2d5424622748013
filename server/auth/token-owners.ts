import { ChangeNotices } from '../db/change-notices.ts';
import type { Db } from '../db/index.ts';
import { findTokenOwner, type TokenOwner } from './users.ts';

/** The channel 0018_auth_notices.sql's triggers notify. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/**
 * A backstop only: every change that matters is announced (see the migration), so an entry is
 * dropped the moment its token or user changes. The limit bounds how stale an entry could be if a
 * change ever bypassed the triggers (a restored backup, a trigger dropped by hand).
 */
const ENTRY_LIFETIME_MS = 60_000;
/** About a kilobyte an entry: the cache stays within ~10 MB however many sessions there are. */
const MAX_ENTRIES = 10_000;

interface Entry {
  owner: TokenOwner;
  storedAt: number;
}

/**
 * The token -> user lookup every signed request makes, held in memory so that it costs no
 * database round trip. It stays right across several servers on one database: the database
 * announces every token deleted and every user changed (NOTIFY auth_changed, from triggers), and
 * each server drops what it heard of. While its listening connection is down it may have missed
 * a notice, so it forgets everything and asks the database on every request until it listens
 * again. Unknown keys are never cached, so a flood of made-up keys cannot fill it.
 */
export class TokenOwners {
  private readonly entries = new Map<string, Entry>();
  private readonly notices: ChangeNotices;
  /** Bumped by every notice: a lookup that raced one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {
    this.notices = new ChangeNotices(db, AUTH_CHANGED_CHANNEL, {
      changed: (payload) => this.heard(payload),
      reset: () => this.forgetAll(),
    });
  }

  start(): Promise<void> {
    return this.notices.start();
  }

  stop(): Promise<void> {
    return this.notices.stop();
  }

  async find(key: string): Promise<TokenOwner | null> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && this.notices.listening && now - entry.storedAt < ENTRY_LIFETIME_MS)
      return entry.owner;
    if (entry) this.entries.delete(key);

    const generation = this.generation;
    const owner = await findTokenOwner(this.db, key);
    if (owner && this.notices.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { owner, storedAt: now });
    }
    return owner;
  }

  /**
   * For the server that made the change: PostgreSQL delivers the notice a moment after the
   * commit, and the next request of the same session may already be on its way here.
   */
  forgetToken(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (entry.owner.user.id === userId) this.entries.delete(key);
    }
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private heard(payload: string): void {
    const [kind, value = ''] = payload.split(/:(.*)/s);
    if (kind === 'token') this.forgetToken(value);
    else if (kind === 'user' && /^\d+$/.test(value)) this.forgetUser(Number(value));
    else this.forgetAll(); // 'all', or a notice this version does not know: the safe reading
  }
}
