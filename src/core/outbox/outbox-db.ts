import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './outbox-item.ts';

/**
 * How an item is kept on the device: its order and owner in the clear, so that a user's items
 * can be listed in order, and everything the user typed sealed with that user's key (the vault),
 * so that nobody else on a shared computer can read it, and nobody at all after logout until the
 * same user logs in again.
 */
export interface Sealer<Sealed> {
  /** `context` (the item's key) is sealed with the value: moved under another key, it fails. */
  seal(value: unknown, context: string): Promise<Sealed>;
  open<T>(sealed: Sealed, context: string): Promise<T>;
}

interface StoredItem<Sealed> {
  key: string;
  userId: number;
  queuedAt: number;
  sealed: Sealed;
}

interface OutboxSchema<Sealed> extends DBSchema {
  items: {
    key: string;
    value: StoredItem<Sealed>;
    indexes: { 'by-user': [number, number] };
  };
}

const DATABASE = 'fdp-outbox';

/** Where the outbox keeps its items; OutboxDb on IndexedDB, whatever the sealer makes. */
export interface OutboxStorage {
  list(userId: number): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The outbox's items on this device, in IndexedDB: they outlive a reload, a closed tab, a logout. */
export class OutboxDb<Sealed> implements OutboxStorage {
  #db: Promise<IDBPDatabase<OutboxSchema<Sealed>>> | undefined;

  constructor(private readonly sealer: Sealer<Sealed>) {}

  private db() {
    this.#db ??= openDB<OutboxSchema<Sealed>>(DATABASE, 1, {
      upgrade(db) {
        const items = db.createObjectStore('items', { keyPath: 'key' });
        items.createIndex('by-user', ['userId', 'queuedAt']);
      },
    });
    return this.#db;
  }

  /** The user's items, oldest first; one that cannot be opened (another key) is skipped. */
  async list(userId: number): Promise<OutboxItem[]> {
    const db = await this.db();
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    const stored = await db.getAllFromIndex('items', 'by-user', range);
    const items: OutboxItem[] = [];
    for (const entry of stored) {
      try {
        items.push(await this.opened(entry));
      } catch {
        // Sealed with a key this session does not hold: it stays for the session that does.
      }
    }
    return items;
  }

  async put(item: OutboxItem): Promise<void> {
    const { key, userId, queuedAt, ...rest } = item;
    const sealed = await this.sealer.seal(rest, key);
    await (await this.db()).put('items', { key, userId, queuedAt, sealed });
  }

  async delete(key: string): Promise<void> {
    await (await this.db()).delete('items', key);
  }

  private async opened(entry: StoredItem<Sealed>): Promise<OutboxItem> {
    const rest = await this.sealer.open<Omit<OutboxItem, 'key' | 'userId' | 'queuedAt'>>(
      entry.sealed,
      entry.key,
    );
    return { ...rest, key: entry.key, userId: entry.userId, queuedAt: entry.queuedAt };
  }
}
