import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A copy of a read kept on this device, and when the server gave it. */
export interface KeptRead {
  data: unknown;
  at: number;
}

/** One answer of the API as this device keeps it, for one user. */
interface KeptAnswer {
  /** `${owner} ${key}`: a user's copy can only be looked up under their own id. */
  id: string;
  owner: number;
  /** The read's path and query. */
  key: string;
  at: number;
  data: unknown;
}

interface ReadsDb extends DBSchema {
  reads: { key: string; value: KeptAnswer; indexes: { at: number; owner: number } };
}

export const READS_DB = 'fdp-reads';

/**
 * Enough for every page a user works with (each page of a list is one read); past it the
 * oldest copies go, so that the device's storage does not grow without end.
 */
export const MAX_KEPT_READS = 400;

let opening: Promise<IDBPDatabase<ReadsDb>> | null = null;

function db(): Promise<IDBPDatabase<ReadsDb>> {
  opening ??= openDB<ReadsDb>(READS_DB, 1, {
    upgrade(database) {
      const reads = database.createObjectStore('reads', { keyPath: 'id' });
      reads.createIndex('at', 'at');
      reads.createIndex('owner', 'owner');
    },
  }).catch((error: unknown) => {
    // Tried again next time (storage may have been blocked for a moment).
    opening = null;
    throw error;
  });
  return opening;
}

const idOf = (owner: number, key: string) => `${owner} ${key}`;

/** Keeps the server's answer to one read of this user's, replacing the one before. */
export async function keepRead(owner: number, key: string, data: unknown, at = Date.now()) {
  const database = await db();
  await database.put('reads', { id: idOf(owner, key), owner, key, at, data });
  await prune(database);
}

/** This user's copy of one read, or undefined when it was never kept on this device. */
export async function recallRead(owner: number, key: string): Promise<KeptRead | undefined> {
  const kept = await (await db()).get('reads', idOf(owner, key));
  return kept && kept.owner === owner ? { data: kept.data, at: kept.at } : undefined;
}

/** Every copy, every user's: at logout, so that nothing is left for the next user. */
export async function clearReads(): Promise<void> {
  await (await db()).clear('reads');
}

/**
 * Every copy but this user's: what a logout that could not finish clearing (a tab closed at
 * once) left behind is gone before this user's pages can be read.
 */
export async function forgetOtherUsers(owner: number): Promise<void> {
  const tx = (await db()).transaction('reads', 'readwrite');
  for await (const cursor of tx.store) if (cursor.value.owner !== owner) await cursor.delete();
  await tx.done;
}

async function prune(database: IDBPDatabase<ReadsDb>): Promise<void> {
  const excess = (await database.count('reads')) - MAX_KEPT_READS;
  if (excess <= 0) return;
  const tx = database.transaction('reads', 'readwrite');
  let left = excess;
  for await (const cursor of tx.store.index('at').iterate()) {
    await cursor.delete();
    if (--left === 0) break;
  }
  await tx.done;
}
