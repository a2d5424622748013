import { createHash, randomBytes } from 'node:crypto';
import { ErrorType } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError, notFound } from '../http/errors.ts';

export const SSO_TOKEN_LIFETIME_SECONDS = 5 * 60;
export const SSO_INVALID_MESSAGE =
  'This sign-in link is invalid, has expired or has already been used.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mints a single-use token for the user, valid for five minutes. */
export async function mintSsoToken(db: Queryable, username: string): Promise<string> {
  const { rows } = await db.query<{ id: number }>('select id from users where username = $1', [
    username.trim().toLowerCase(),
  ]);
  const user = rows[0];
  if (!user) throw notFound(`There is no user "${username}".`);
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sso_tokens (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [hashOf(token), user.id, SSO_TOKEN_LIFETIME_SECONDS],
  );
  return token;
}

/** Uses the token up and answers its user's id; a second use, or a late one, is refused. */
export async function redeemSsoToken(db: Queryable, token: string): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    `update sso_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now()
     returning user_id`,
    [hashOf(token)],
  );
  const row = rows[0];
  if (!row)
    throw new HttpError(
      403,
      SSO_INVALID_MESSAGE,
      ErrorType.InvalidCredentials,
      [],
      'Invalid Credentials',
    );
  return row.user_id;
}
