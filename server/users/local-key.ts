import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { ok } from '../http/respond.ts';

/** AES-256: the portal imports it as an AES-GCM key (src/core/offline/vault.ts). */
const LOCAL_KEY_BYTES = 32;

/**
 * The user's key for data kept on their devices, made on the first call. Two first calls at once
 * (two tabs logging in) must agree on one key, so the insert yields to a row already there and
 * the answer is always what the table holds.
 */
export async function localKeyOf(db: Db, userId: number): Promise<string> {
  await db.query(
    'insert into local_keys (user_id, key) values ($1, $2) on conflict (user_id) do nothing',
    [userId, randomBytes(LOCAL_KEY_BYTES).toString('base64url')],
  );
  const { rows } = await db.query<{ key: string }>(
    'select key from local_keys where user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`No local key for user ${userId} after storing one.`);
  return row.key;
}

export function registerLocalKeyRoute(app: FastifyInstance, db: Db): void {
  app.get(
    '/users/me/local-key',
    { config: { access: 'user', guard: { ownAccount: "the caller's own key for their devices" } } },
    // Every API answer is already no-store (server/http/security-headers.ts), the key's too.
    async (request) => ok({ key: await localKeyOf(db, authOf(request).user.id) }),
  );
}
