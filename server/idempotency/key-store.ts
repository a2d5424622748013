import type { Queryable } from '../db/index.ts';

/** What a keyed request was: a key may only ever be used again for the same request. */
export interface KeyedRequest {
  userId: number;
  key: string;
  method: string;
  /** Path and query as signed. */
  path: string;
  bodySha256: string;
}

/** An answer as it left the server, to be given again byte for byte. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  body: Buffer;
}

/** A key already used: its request, and its answer unless the write is still running. */
export interface KeyRecord {
  method: string;
  path: string;
  bodySha256: string;
  answer: StoredAnswer | null;
}

/**
 * A claim (a row with no answer yet) older than this is taken to belong to a server that died
 * mid-write, and may be claimed again: a write claimed in a hook, not joined to its key's
 * transaction, may then run twice (README, "Idempotent writes").
 */
export const ABANDONED_CLAIM_SECONDS = 300;

// Lock class of pg_try_advisory_xact_lock(class, key), apart from the login, retention and
// unique-key locks: held by the transaction that runs a keyed write and stores its answer.
const KEY_LOCK = 7_600_229;

interface KeyRow {
  method: string;
  path: string;
  body_sha256: string;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: Uint8Array | null;
}

const keyArgs = (request: KeyedRequest) => [request.userId, request.key] as const;

function recordOf(row: KeyRow): KeyRecord {
  return {
    method: row.method,
    path: row.path,
    bodySha256: row.body_sha256,
    answer:
      row.status === null
        ? null
        : {
            status: row.status,
            contentType: row.content_type,
            location: row.location,
            body: Buffer.from(row.body ?? new Uint8Array()),
          },
  };
}

/** True when `record` was made by this very request (same method, path and body). */
export const sameRequest = (record: KeyRecord, request: KeyedRequest) =>
  record.method === request.method &&
  record.path === request.path &&
  record.bodySha256 === request.bodySha256;

export async function findKey(q: Queryable, request: KeyedRequest): Promise<KeyRecord | null> {
  const { rows } = await q.query<KeyRow>(
    `select method, path, body_sha256, status, content_type, location, body
     from idempotency_keys where user_id = $1 and key = $2`,
    keyArgs(request),
  );
  const row = rows[0];
  return row ? recordOf(row) : null;
}

/**
 * Inside a transaction: takes the key's lock for the rest of it, or answers false at once when
 * another transaction (on any server sharing the database) holds it, i.e. the same key's write
 * is running now.
 */
export async function lockKey(tx: Queryable, request: KeyedRequest): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    'select pg_try_advisory_xact_lock($1, hashtext($2)) as locked',
    [KEY_LOCK, `${String(request.userId)}:${request.key}`],
  );
  return rows[0]?.locked === true;
}

/**
 * Records the key with its answer (in the write's own transaction, or after a refusal); false
 * when the key already holds an answer, which is then kept.
 */
export async function storeAnswer(
  q: Queryable,
  request: KeyedRequest,
  answer: StoredAnswer,
): Promise<boolean> {
  const { rows } = await q.query(
    `insert into idempotency_keys
       (user_id, key, method, path, body_sha256, status, content_type, location, body)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (user_id, key) do update set status = excluded.status,
       content_type = excluded.content_type, location = excluded.location, body = excluded.body
     where idempotency_keys.status is null
     returning 1`,
    [
      ...keyArgs(request),
      request.method,
      request.path,
      request.bodySha256,
      answer.status,
      answer.contentType,
      answer.location,
      answer.body,
    ],
  );
  return rows.length > 0;
}

/**
 * Claims the key for a write about to run outside its transaction (a row with no answer): true
 * when this request now holds it, taking over a claim abandoned ABANDONED_CLAIM_SECONDS ago.
 */
export async function claimKey(q: Queryable, request: KeyedRequest): Promise<boolean> {
  const { rows } = await q.query(
    `insert into idempotency_keys (user_id, key, method, path, body_sha256)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, key) do update set method = excluded.method, path = excluded.path,
       body_sha256 = excluded.body_sha256, created_at = now()
     where idempotency_keys.status is null
       and idempotency_keys.created_at < now() - make_interval(secs => $6)
     returning 1`,
    [
      ...keyArgs(request),
      request.method,
      request.path,
      request.bodySha256,
      ABANDONED_CLAIM_SECONDS,
    ],
  );
  return rows.length > 0;
}

/** Gives up a claim whose write failed (5xx), so that a retry may run it. */
export async function releaseClaim(q: Queryable, request: KeyedRequest): Promise<void> {
  await q.query(
    'delete from idempotency_keys where user_id = $1 and key = $2 and status is null',
    keyArgs(request),
  );
}
