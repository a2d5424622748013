import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { ErrorType } from '../../shared/api.ts';

/**
 * Failed logins are counted over a sliding window, per username (slows guessing one account's
 * password) and per client address (slows trying many accounts from one place). The username
 * limit is modest so that an attacker cannot lock a real user out for long.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_CLIENT = 50;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again.`;

export async function assertLoginAllowed(
  db: Queryable,
  username: string,
  clientAddress: string,
): Promise<void> {
  const { rows } = await db.query<{ by_username: number; by_client: number }>(
    `select count(*) filter (where username = $1)::int as by_username,
            count(*) filter (where client_address = $2)::int as by_client
     from login_failures
     where failed_at > now() - make_interval(mins => $3)
       and (username = $1 or client_address = $2)`,
    [username, clientAddress, LOGIN_WINDOW_MINUTES],
  );
  const counts = rows[0] ?? { by_username: 0, by_client: 0 };
  if (
    counts.by_username >= MAX_FAILURES_PER_USERNAME ||
    counts.by_client >= MAX_FAILURES_PER_CLIENT
  ) {
    throw new HttpError(429, THROTTLED_MESSAGE, ErrorType.TooManyRequests);
  }
}

export async function recordLoginFailure(
  db: Queryable,
  username: string,
  clientAddress: string,
): Promise<void> {
  await db.query('insert into login_failures (username, client_address) values ($1, $2)', [
    username,
    clientAddress,
  ]);
  // Keep the table small: rows outside every window are no longer needed.
  await db.query(`delete from login_failures where failed_at < now() - make_interval(mins => $1)`, [
    LOGIN_WINDOW_MINUTES * 4,
  ]);
}

/** A successful login forgives that username's failures. */
export async function clearLoginFailures(db: Queryable, username: string): Promise<void> {
  await db.query('delete from login_failures where username = $1', [username]);
}
