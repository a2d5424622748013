import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userStates } from '../access/explain-states.ts';
import type { AccessRules } from '../access/rules.ts';
import { positiveId } from '../accounts/access.ts';
import type { Db } from '../db/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { sameSecret } from './constant-time.ts';
import { mintSsoToken } from './sso.ts';

export const ADMIN_KEY_HEADER = 'x-admin-key';

export const BACKUP_CONTENT_TYPE = 'application/gzip';

/**
 * Operator calls, for `npm run sso-token`, `npm run backup` and `npm run explain`: authorised by the admin key the
 * server writes to DATA_DIR/admin.key (readable by its owner only) at start, never by a user
 * session.
 */
export function registerInternalRoutes(
  app: FastifyInstance,
  db: Db,
  adminKey: string,
  access: AccessRules,
): void {
  const assertAdmin = (request: FastifyRequest) => {
    const sent = request.headers[ADMIN_KEY_HEADER];
    if (typeof sent !== 'string' || !sameSecret(sent, adminKey)) {
      throw new HttpError(403, 'This call needs the server admin key.');
    }
  };

  app.post<{ Body: { username?: unknown } }>('/internal/sso-tokens', async (request) => {
    assertAdmin(request);
    const username = request.body.username;
    if (typeof username !== 'string' || username === '') throw badRequest('username is required.');
    return ok({ token: await mintSsoToken(db, username) });
  });

  // A user's states as the server builds them, for npm run explain ("Why is it hidden?").
  app.get<{ Querystring: { username?: unknown; unit?: unknown; plan?: unknown } }>(
    '/internal/access-states',
    async (request) => {
      assertAdmin(request);
      const { username, unit, plan } = request.query;
      if (typeof username !== 'string' || username === '')
        throw badRequest('username is required.');
      return ok(
        await userStates(db, access, username, {
          ...(unit === undefined ? {} : { unitId: positiveId(unit, 'unit') }),
          ...(plan === undefined ? {} : { planId: positiveId(plan, 'plan') }),
        }),
      );
    },
  );

  // The running server owns the embedded database, so a consistent copy can only come from it.
  app.get('/internal/backup', async (request, reply) => {
    assertAdmin(request);
    if (!db.dumpDataDir) {
      throw new HttpError(
        501,
        'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump.',
        'Backup_UsePgDump',
        [],
        'Not Implemented',
      );
    }
    const tarball = await db.dumpDataDir();
    return reply
      .header('content-type', BACKUP_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="fdp-backup.tar.gz"')
      .send(tarball);
  });
}
