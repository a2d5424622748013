import { randomBytes } from 'node:crypto';
import type { AuthToken } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';

/** A session lasts a working day; the portal discards a stored token once it has expired. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export async function issueToken(
  db: Queryable,
  userId: number,
  now = Date.now(),
): Promise<AuthToken> {
  const token: AuthToken = {
    key: randomBytes(16).toString('hex'),
    secret: randomBytes(32).toString('base64url'),
    expires_at: Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS,
  };
  await db.query(
    'insert into auth_tokens (key, user_id, secret, expires_at) values ($1, $2, $3, to_timestamp($4))',
    [token.key, userId, token.secret, token.expires_at],
  );
  return token;
}
