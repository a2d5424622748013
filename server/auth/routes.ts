import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType, type AuthResponse, type LoginRequest } from '../../shared/api.ts';
import type { Db } from '../db/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { verifyAgainstDummy, verifyPassword } from './password.ts';
import { passwordWork } from './password-work.ts';
import {
  attemptFailed,
  attemptSucceeded,
  beginAttempt,
  checkPasswordAttempt,
} from './login-throttle.ts';
import { authOf } from './request-auth.ts';
import { issueToken } from './tokens.ts';
import { redeemSsoToken, SSO_INVALID_MESSAGE } from './sso.ts';
import { findUserById, findUserByUsername } from './users.ts';

/** One text whether or not the username exists, so the answer reveals no accounts. */
export const INVALID_CREDENTIALS_MESSAGE = 'The username or password you entered is incorrect.';

type Action = (request: FastifyRequest) => Promise<AuthResponse>;

/** The caller's own session and user: no screen's rule applies. */
const OWN_SESSION = { ownAccount: "the caller's own session" } as const;

export function registerAuthRoutes(app: FastifyInstance, db: Db): void {
  const validateLogin = (body: unknown): LoginRequest => {
    const b = body as Partial<LoginRequest> | null;
    const errors: Record<string, string> = {};
    if (typeof b?.username !== 'string' || b.username.trim() === '')
      errors.username = 'is required';
    else if (b.username.length > 254) errors.username = 'is too long';
    if (typeof b?.password !== 'string' || b.password === '') errors.password = 'is required';
    else if (b.password.length > 1024) errors.password = 'is too long';
    if (Object.keys(errors).length > 0)
      throw badRequest('Enter your username and password.', errors);
    return b as LoginRequest;
  };

  const actions: Record<string, Action> = {
    /** Single sign-on: a one-time token from a partner site stands in for the password. */
    async validatessotoken(request) {
      const token = (request.body as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '' || token.length > 200) {
        throw badRequest('A sign-in token is required.', { token: 'is required' });
      }
      // Tokens are 256 random bits, beyond guessing; counting bad ones per address (no scrypt
      // here) still stops one address from hammering the table with them.
      const attempt = await beginAttempt(db, { clientAddress: request.ip });
      let userId: number;
      try {
        userId = await redeemSsoToken(db, token);
      } catch (error) {
        await attemptFailed(db);
        throw error;
      }
      await attemptSucceeded(db, attempt);
      const user = await findUserById(db, userId);
      if (!user) throw badRequest(SSO_INVALID_MESSAGE);
      request.log.info({ userId: user.id }, 'single sign-on succeeded');
      return { user, auth_token: await issueToken(db, user.id) };
    },

    async login(request) {
      const { username: given, password } = validateLogin(request.body);
      const username = given.trim().toLowerCase();
      const stored = await findUserByUsername(db, username);
      const valid = await checkPasswordAttempt(
        db,
        passwordWork(),
        { username, clientAddress: request.ip },
        () =>
          stored ? verifyPassword(password, stored.passwordHash) : verifyAgainstDummy(password),
      );
      if (!stored || !valid) {
        throw new HttpError(
          403,
          INVALID_CREDENTIALS_MESSAGE,
          ErrorType.InvalidCredentials,
          [],
          'Invalid Credentials',
        );
      }
      const authToken = await issueToken(db, stored.user.id);
      request.log.info({ userId: stored.user.id }, 'login succeeded');
      return { user: stored.user, auth_token: authToken };
    },
  };

  app.post<{ Querystring: { api_action?: string } }>(
    '/authenticate',
    {
      // The answer carries the session's secret beside what the caller sent: never compressed, so
      // that its length cannot be used to guess the secret (BREACH).
      compress: false,
      schema: {
        querystring: {
          type: 'object',
          required: ['api_action'],
          properties: { api_action: { type: 'string' } },
        },
        body: { type: 'object' },
      },
    },
    async (request) => {
      const action = Object.hasOwn(actions, request.query.api_action ?? '')
        ? actions[request.query.api_action as string]
        : undefined;
      if (!action) {
        throw badRequest(`Unknown api_action "${request.query.api_action}" for /authenticate.`);
      }
      return ok(await action(request));
    },
  );

  // Ends the session on the server too, so a copied token is useless after logout.
  app.post(
    '/authenticate/logout',
    { config: { access: 'user', guard: OWN_SESSION } },
    async (request) => {
      const { tokenKey } = authOf(request);
      await db.query('delete from auth_tokens where key = $1', [tokenKey]);
      request.server.tokenOwners.forgetToken(tokenKey);
      return ok({ loggedOut: true });
    },
  );

  app.get('/users/me', { config: { access: 'user', guard: OWN_SESSION } }, async (request) =>
    ok(authOf(request).user),
  );
}
