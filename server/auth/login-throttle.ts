import type { Db, Queryable } from '../db/index.ts';
import { HttpError, retryLater } from '../http/errors.ts';
import type { BoundedWork } from './password-work.ts';

/**
 * Password guesses are counted over a sliding window, per username (slows guessing one account's
 * password) and per client address (slows trying many accounts from one place). The username
 * limit is modest so that an attacker cannot lock a real user out for long.
 *
 * An attempt is counted *before* its password is checked, as a failure until it proves to be
 * right: a row in login_failures, written under a lock on the username and on the address, so
 * that of thirty guesses sent at once only the first ten are ever checked, however many servers
 * share the database. A right password forgives the username's failures (its own row included);
 * an attempt the server was too busy to check is taken back.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_CLIENT = 50;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again.`;

/** Who is trying: a username and an address, or (a sign-in token) an address alone. */
export interface Attempter {
  username?: string;
  clientAddress: string;
}

/** An attempt counted against the limits: its row in login_failures. */
export interface Attempt {
  id: number;
  username: string | undefined;
}

// Recorded as the username of sign-in token attempts, which count per address only.
const TOKEN_ATTEMPT = '(sign-in token)';
// Lock classes of pg_advisory_xact_lock(class, key): usernames and addresses never share a key.
const USERNAME_LOCK = 7_415_001;
const CLIENT_LOCK = 7_415_002;

/**
 * Counts an attempt, or refuses it with 429 when the username or the address has used up its
 * attempts. The advisory locks serialise attempts on one username or address across every
 * server on the database (PGlite runs one transaction at a time anyway), and the count is a
 * statement of its own, after the locks, so that it sees every attempt committed before them.
 */
export async function beginAttempt(db: Db, who: Attempter): Promise<Attempt> {
  return db.transaction(async (tx) => {
    if (who.username !== undefined) {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [
        USERNAME_LOCK,
        who.username,
      ]);
    }
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      CLIENT_LOCK,
      who.clientAddress,
    ]);
    const { rows } = await tx.query<{ by_username: number; by_client: number }>(
      `select count(*) filter (where username = $1)::int as by_username,
              count(*) filter (where client_address = $2)::int as by_client
       from login_failures
       where failed_at > now() - make_interval(mins => $3)
         and (username = $1 or client_address = $2)`,
      [who.username ?? TOKEN_ATTEMPT, who.clientAddress, LOGIN_WINDOW_MINUTES],
    );
    const counts = rows[0] ?? { by_username: 0, by_client: 0 };
    if (
      (who.username !== undefined && counts.by_username >= MAX_FAILURES_PER_USERNAME) ||
      counts.by_client >= MAX_FAILURES_PER_CLIENT
    ) {
      // The window slides, so this is the longest wait, the one the message promises.
      throw retryLater(429, THROTTLED_MESSAGE, LOGIN_WINDOW_MINUTES * 60);
    }
    const inserted = await tx.query<{ id: number }>(
      'insert into login_failures (username, client_address) values ($1, $2) returning id',
      [who.username ?? TOKEN_ATTEMPT, who.clientAddress],
    );
    return { id: Number(inserted.rows[0]?.id), username: who.username };
  });
}

/** The attempt was right: the username's failures are forgiven, this attempt's own included. */
export async function attemptSucceeded(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query('delete from login_failures where id = $1 or username = $2', [
    attempt.id,
    attempt.username ?? null,
  ]);
}

/** The attempt was wrong: it stays counted. Rows outside every window are swept meanwhile. */
export async function attemptFailed(db: Queryable): Promise<void> {
  await db.query(`delete from login_failures where failed_at < now() - make_interval(mins => $1)`, [
    LOGIN_WINDOW_MINUTES * 4,
  ]);
}

/** The attempt was never checked (the server was too busy): it does not count. */
export async function attemptAbandoned(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query('delete from login_failures where id = $1', [attempt.id]);
}

/**
 * Checks a password as one counted attempt, on the bounded password work: 503 before anything
 * is counted when the queue is already full, 429 when the limits are used up. `check` answers
 * whether the password was right.
 */
export async function checkPasswordAttempt(
  db: Db,
  work: BoundedWork,
  who: Attempter,
  check: () => Promise<boolean>,
): Promise<boolean> {
  if (!work.hasRoom()) throw work.busy();
  const attempt = await beginAttempt(db, who);
  let right: boolean;
  try {
    right = await work.run(check);
  } catch (error) {
    // Refused by the queue (it filled up meanwhile): the password was not checked.
    if (error instanceof HttpError && error.statusCode === 503) {
      await attemptAbandoned(db, attempt);
    }
    throw error;
  }
  if (right) await attemptSucceeded(db, attempt);
  else await attemptFailed(db);
  return right;
}
