import { createHash, createHmac, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType, type ApiUser } from '../../shared/api.ts';
import {
  ANTI_FORGERY_COOKIE,
  AuthHeader,
  canonicalRequest,
  MAX_CLOCK_SKEW_SECONDS,
} from '../../shared/signing.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { containsNul, nulRejected } from '../http/input-guards.ts';
import { sameSecret } from './constant-time.ts';
import { findTokenOwner } from './users.ts';

/** Who may call a route: anyone holding the application key, or a signed-in user. */
export type Access = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The body exactly as received, for the signature's body hash. */
    rawBody?: string | Buffer;
    /** Set on 'user' routes once the signature has been verified. */
    auth?: { user: ApiUser; tokenKey: string };
  }
}

/** Paths that answer without the application key: the load balancer's health check. */
const KEYLESS_PATHS = new Set(['/api/health']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STAMP_SWEEP_INTERVAL_MS = 60_000;

const unauthorised = (msg: string, type = 'Security_Unauthorised') => new HttpError(401, msg, type);
const REPLAYED_REQUEST = ErrorType.ReplayedRequest;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface RequestAuthOptions {
  db: Db;
  production: boolean;
  applicationKeys: readonly string[];
  /** Seconds since the epoch; injectable for tests. */
  now?: () => number;
}

/**
 * Every /api request must carry a known application key; non-GET requests also the anti-forgery
 * header matching its cookie; routes marked access 'user' also a valid signature by a live token.
 */
export async function installRequestAuth(app: FastifyInstance, options: RequestAuthOptions) {
  const { db, production } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const applicationKeys = new Set(options.applicationKeys);
  let lastSweep = 0;

  await app.register(fastifyCookie);

  // Keep the raw JSON text: the signature covers the body's bytes, not its parsed form.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      return;
    }
    if (containsNul(parsed)) done(nulRejected(), undefined);
    else done(null, parsed);
  });

  // File uploads arrive as their bytes alone, so the signature's body hash covers the file itself.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer' },
    (request, body, done) => {
      request.rawBody = body;
      done(null, body);
    },
  );

  // Hand every visitor an anti-forgery cookie; the portal echoes it in a header on writes.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.cookies[ANTI_FORGERY_COOKIE]) {
      reply.setCookie(ANTI_FORGERY_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: production,
        httpOnly: false, // the portal must read it to echo it
      });
    }
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || KEYLESS_PATHS.has(path)) return;
    const key = header(request, AuthHeader.ApplicationKey);
    if (key === undefined || !applicationKeys.has(key)) {
      throw unauthorised(
        'The request does not carry a known application key.',
        'Security_InvalidApplicationKey',
      );
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(request.method)) checkAntiForgery(request);
    if (request.routeOptions.config.access === 'user')
      request.auth = await verifySignature(request);
  });

  function checkAntiForgery(request: FastifyRequest): void {
    const cookie = request.cookies[ANTI_FORGERY_COOKIE];
    const sent = header(request, AuthHeader.AntiForgery);
    if (!cookie || !sent || !sameSecret(cookie, sent)) {
      throw new HttpError(
        403,
        'The anti-forgery token is missing or does not match. Reload the page and try again.',
        'Security_InvalidAntiForgeryToken',
      );
    }
  }

  async function verifySignature(
    request: FastifyRequest,
  ): Promise<{ user: ApiUser; tokenKey: string }> {
    const stampText = header(request, AuthHeader.Timestamp);
    const key = header(request, AuthHeader.Key);
    const signature = header(request, AuthHeader.Signature);
    if (!stampText || !key || !signature) throw unauthorised('You need to log in to do this.');
    if (!/^\d{1,12}$/.test(stampText)) throw unauthorised('The request timestamp is not valid.');
    const stamp = Number(stampText);
    const clock = now();
    if (Math.abs(clock - stamp) > MAX_CLOCK_SKEW_SECONDS) {
      throw unauthorised("The request's timestamp is too far from the server's clock.");
    }

    const owner = await findTokenOwner(db, key);
    if (!owner) throw unauthorised('Your session is not recognised. Please log in again.');
    if (owner.expiresAt <= clock)
      throw unauthorised('Your session has expired. Please log in again.');

    const expected = createHmac('sha256', owner.secret)
      .update(
        canonicalRequest({
          timestamp: stamp,
          method: request.method,
          pathWithQuery: request.url,
          bodySha256: createHash('sha256')
            .update(request.rawBody ?? '')
            .digest('hex'),
        }),
      )
      .digest('hex');
    if (!sameSecret(expected, signature.toLowerCase()))
      throw unauthorised('The request signature is not valid.');

    // Only a correctly signed request may use up its stamp, so forgeries cannot burn stamps.
    const { rows } = await db.query(
      'insert into auth_request_stamps (token_key, stamp) values ($1, $2) on conflict do nothing returning stamp',
      [key, stamp],
    );
    if (rows.length === 0) {
      // A type of its own, so that a client whose clock-based stamps collided can re-sign and retry.
      throw unauthorised('This request has already been used.', REPLAYED_REQUEST);
    }

    if (Date.now() - lastSweep > STAMP_SWEEP_INTERVAL_MS) {
      lastSweep = Date.now();
      await db.query('delete from auth_request_stamps where stamp < $1', [
        clock - 2 * MAX_CLOCK_SKEW_SECONDS,
      ]);
    }
    return { user: owner.user, tokenKey: key };
  }
}

/** The verified user of a 'user' route; the hook guarantees it is there. */
export function authOf(request: FastifyRequest): { user: ApiUser; tokenKey: string } {
  if (!request.auth) throw unauthorised('You need to log in to do this.');
  return request.auth;
}
