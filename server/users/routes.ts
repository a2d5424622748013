import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorType,
  MIN_PASSWORD_LENGTH,
  NOTIFICATION_DEFAULTS,
  type ApiUser,
  type NotificationSettings,
} from '../../shared/api.ts';
import { forbidden, positiveId } from '../accounts/access.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import { checkPasswordAttempt } from '../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { passwordWork } from '../auth/password-work.ts';
import { authOf } from '../auth/request-auth.ts';
import { findUserByUsername } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { fieldErrorMap, HttpError } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { registerLocalKeyRoute } from './local-key.ts';

const validationError = (msg: string, errors: Record<string, string[]>) =>
  new HttpError(406, msg, ErrorType.Validation, errors);

/**
 * Providers whose notices a user may configure: the provider of each state in which the
 * notifications rule of config/rules.json holds (staff: their own organisation; farm users: the
 * provider of each of their plans), as the portal's menu offers Notification Settings.
 */
function assertProviderOfUser(request: FastifyRequest, user: ApiUser, providerId: number): void {
  if (grantsOf(request).some((g) => g.providerId === providerId)) return;
  throw forbidden(
    user.type === 'company_employee'
      ? 'You can only set notices from your own organisation.'
      : 'None of your plans is with this provider.',
  );
}

const NOTIFICATIONS: RouteGuard = { rule: 'notifications', scope: 'none' };

function settingsFrom(body: unknown): NotificationSettings {
  const errors = fieldErrorMap();
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(NOTIFICATION_DEFAULTS, key)) errors[key] = ['is not a notification setting'];
  }
  const settings = { ...NOTIFICATION_DEFAULTS } as NotificationSettings;
  for (const key of Object.keys(NOTIFICATION_DEFAULTS) as (keyof NotificationSettings)[]) {
    const value = input[key];
    if (value === undefined) errors[key] = ['is required'];
    else if (typeof value !== 'boolean') errors[key] = ['must be true or false'];
    else settings[key] = value;
  }
  if (Object.keys(errors).length > 0)
    throw validationError('The notification settings could not be saved.', errors);
  return settings;
}

export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  registerLocalKeyRoute(app, db);

  /** The signed-in user and the provider named in the path, once the user may deal with it. */
  async function notificationTarget(request: FastifyRequest<{ Params: { providerId: string } }>) {
    const { user } = authOf(request);
    const providerId = positiveId(request.params.providerId, 'providerId');
    assertProviderOfUser(request, user, providerId);
    return { user, providerId };
  }

  app.post<{ Body: { current_password?: unknown; new_password?: unknown } }>(
    '/users/me/password',
    { config: { access: 'user', guard: { ownAccount: "the caller's own password" } } },
    async (request) => {
      const { user, tokenKey } = authOf(request);
      const current = request.body.current_password;
      const next = request.body.new_password;
      const errors: Record<string, string[]> = {};
      if (typeof current !== 'string' || current === '') errors.current_password = ['is required'];
      else if (current.length > 1024) errors.current_password = ['is not your current password'];
      if (typeof next !== 'string' || next.length < MIN_PASSWORD_LENGTH) {
        errors.new_password = [`must be at least ${MIN_PASSWORD_LENGTH} characters`];
      } else if (next.length > 1024) errors.new_password = ['must be at most 1024 characters'];
      else if (next === current) errors.new_password = ['must differ from the current password'];
      if (Object.keys(errors).length > 0)
        throw validationError('The password could not be changed.', errors);

      const wrongCurrent = () =>
        validationError('The password could not be changed.', {
          current_password: ['is not your current password'],
        });
      const stored = await findUserByUsername(db, user.username);
      if (!stored) throw wrongCurrent();
      // A guess at the current password counts like a login's (a stolen session must not be a
      // way round the throttle), and both hashes share one place in the bounded password work.
      let hash = '';
      const right = await checkPasswordAttempt(
        db,
        passwordWork(),
        { username: stored.user.username, clientAddress: request.ip },
        async () => {
          if (!(await verifyPassword(current as string, stored.passwordHash))) return false;
          hash = await hashPassword(next as string);
          return true;
        },
      );
      if (!right) throw wrongCurrent();
      await db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2 where id = $1', [user.id, hash]);
        // Every other session of the user ends: a stolen session must not outlive the change.
        await tx.query('delete from auth_tokens where user_id = $1 and key <> $2', [
          user.id,
          tokenKey,
        ]);
      });
      request.server.tokenOwners.forgetUser(user.id);
      return ok({ changed: true });
    },
  );

  app.get<{ Params: { providerId: string } }>(
    '/users/me/notifications/:providerId',
    { config: { access: 'user', guard: NOTIFICATIONS } },
    async (request) => {
      const { user, providerId } = await notificationTarget(request);
      const { rows } = await db.query<{ settings: Partial<NotificationSettings> }>(
        'select settings from notification_settings where user_id = $1 and provider_id = $2',
        [user.id, providerId],
      );
      return ok({ ...NOTIFICATION_DEFAULTS, ...rows[0]?.settings });
    },
  );

  app.put<{ Params: { providerId: string } }>(
    '/users/me/notifications/:providerId',
    { config: { access: 'user', guard: NOTIFICATIONS } },
    async (request) => {
      const { user, providerId } = await notificationTarget(request);
      const settings = settingsFrom(request.body);
      await db.query(
        `insert into notification_settings (user_id, provider_id, settings) values ($1, $2, $3)
         on conflict (user_id, provider_id) do update set settings = excluded.settings, updated_at = now()`,
        [user.id, providerId, JSON.stringify(settings)],
      );
      return ok(settings);
    },
  );
}
