import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { sameSecret } from './constant-time.ts';
import { mintSsoToken } from './sso.ts';

export const ADMIN_KEY_HEADER = 'x-admin-key';

/**
 * Operator calls, for `npm run sso-token`: authorised by the admin key the server writes to
 * DATA_DIR/admin.key (readable by its owner only) at start, never by a user session.
 */
export function registerInternalRoutes(app: FastifyInstance, db: Db, adminKey: string): void {
  app.post<{ Body: { username?: unknown } }>('/internal/sso-tokens', async (request) => {
    const sent = request.headers[ADMIN_KEY_HEADER];
    if (typeof sent !== 'string' || !sameSecret(sent, adminKey)) {
      throw new HttpError(403, 'This call needs the server admin key.');
    }
    const username = request.body.username;
    if (typeof username !== 'string' || username === '') throw badRequest('username is required.');
    return ok({ token: await mintSsoToken(db, username) });
  });
}
