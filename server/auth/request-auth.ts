import { createHash, createHmac, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType, type ApiUser } from '../../shared/api.ts';
import {
  ANTI_FORGERY_COOKIE,
  AuthHeader,
  canonicalRequest,
  MAX_CLOCK_SKEW_SECONDS,
  NONCE_PATTERN,
} from '../../shared/signing.ts';
import type { Db } from '../db/index.ts';
import { isApiRoute } from '../http/api-path.ts';
import { HttpError } from '../http/errors.ts';
import { jsonBodyRefusal } from '../http/input-guards.ts';
import { sameSecret } from './constant-time.ts';
import { assertNotCrossSite } from './cross-site.ts';
import { NonceBook } from './nonce-book.ts';
import { TokenOwners } from './token-owners.ts';

/**
 * Who may call a route: anyone at all ('keyless': the load balancer's health check), anyone
 * holding the application key ('public', the default), or a signed-in user ('user').
 */
export type Access = 'keyless' | 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Who holds each live token; routes that end sessions tell it at once (token-owners.ts). */
    tokenOwners: TokenOwners;
  }
  interface FastifyRequest {
    /** The body exactly as received, for the signature's body hash. */
    rawBody?: string | Buffer;
    /** Set on 'user' routes once the signature has been verified. */
    auth?: { user: ApiUser; tokenKey: string };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NONCE_SWEEP_INTERVAL_MS = 60_000;
/**
 * A nonce is kept a little longer than its timestamp can be accepted, so that servers whose
 * clocks differ by up to this much still refuse its replay.
 */
const NONCE_MARGIN_SECONDS = 60;

const unauthorised = (msg: string, type: string = ErrorType.Unauthorised) =>
  new HttpError(401, msg, type);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface RequestAuthOptions {
  db: Db;
  production: boolean;
  applicationKeys: readonly string[];
  /** Milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
  /**
   * Epoch milliseconds: requests signed earlier are refused, and the client re-signs with the
   * server's time (Security_ClockSkew carries it). The nonce table is unlogged
   * (0018_auth_notices.sql), so a crash empties it; server/main.ts sets this when the embedded
   * database's last owner did not stop cleanly, so that no request seen before the crash can be
   * replayed after it. PostgreSQL outlives its API servers; README states the window its own crash
   * leaves.
   */
  acceptSignaturesFrom?: number | undefined;
}

/**
 * Every API route must be called with a known application key (but 'keyless' ones); every
 * state-changing call must come from the portal's own pages and echo the anti-forgery cookie in
 * a header; 'user' routes also need a valid signature by a live token. Every rule is decided on
 * the route that matched, never on the raw URL.
 */
export async function installRequestAuth(app: FastifyInstance, options: RequestAuthOptions) {
  const { db, production } = options;
  const clock = options.clock ?? Date.now;
  const applicationKeys = new Set(options.applicationKeys);
  let lastSweep = 0;
  const tokenOwners = new TokenOwners(db, clock);
  const nonces = new NonceBook(db);
  await tokenOwners.start();
  app.decorate('tokenOwners', tokenOwners);
  app.addHook('onClose', () => tokenOwners.stop());
  const signedNoEarlierThan = Math.floor((options.acceptSignaturesFrom ?? 0) / 1000);

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
    const refusal = jsonBodyRefusal(parsed);
    if (refusal) done(refusal, undefined);
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
  // Every answer's Date is the clock signatures are checked against: clients sign by it.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Date', new Date(clock()).toUTCString());
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
    if (!isApiRoute(request) || request.routeOptions.config.access === 'keyless') return;
    const key = header(request, AuthHeader.ApplicationKey);
    if (key === undefined || !applicationKeys.has(key)) {
      throw unauthorised(
        'The request does not carry a known application key.',
        'Security_InvalidApplicationKey',
      );
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!isApiRoute(request)) return;
    if (!SAFE_METHODS.has(request.method)) {
      assertNotCrossSite(request);
      checkAntiForgery(request);
    }
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
    const nonce = header(request, AuthHeader.Nonce);
    const key = header(request, AuthHeader.Key);
    const signature = header(request, AuthHeader.Signature);
    if (!stampText || !key || !signature) throw unauthorised('You need to log in to do this.');
    if (!/^\d{1,12}$/.test(stampText)) throw unauthorised('The request timestamp is not valid.');
    if (!nonce || !NONCE_PATTERN.test(nonce)) {
      throw unauthorised(
        `The request needs a nonce in ${AuthHeader.Nonce}: 16 to 64 letters, digits, - or _.`,
      );
    }
    const stamp = Number(stampText);
    const seconds = Math.floor(clock() / 1000);
    if (Math.abs(seconds - stamp) > MAX_CLOCK_SKEW_SECONDS) {
      // Its own type and the server's time, so that the client corrects its clock and retries.
      throw new HttpError(
        401,
        `The request's timestamp is ${String(Math.abs(seconds - stamp))} seconds from the server's clock (at most ${String(MAX_CLOCK_SKEW_SECONDS)} are allowed).`,
        ErrorType.ClockSkew,
        [],
        undefined,
        { server_time: seconds },
      );
    }

    if (stamp < signedNoEarlierThan) {
      throw new HttpError(
        401,
        "The request was signed before the server recovered from a restart. Sign it again with the server's time.",
        ErrorType.ClockSkew,
        [],
        undefined,
        { server_time: seconds },
      );
    }

    const owner = await tokenOwners.find(key);
    if (!owner) throw unauthorised('Your session is not recognised. Please log in again.');
    if (owner.expiresAt <= seconds)
      throw unauthorised('Your session has expired. Please log in again.');

    const expected = createHmac('sha256', owner.secret)
      .update(
        canonicalRequest({
          timestamp: stamp,
          nonce,
          method: request.method,
          pathWithQuery: request.url,
          bodySha256: createHash('sha256')
            .update(request.rawBody ?? '')
            .digest('hex'),
          idempotencyKey: header(request, AuthHeader.IdempotencyKey),
        }),
      )
      .digest('hex');
    if (!sameSecret(expected, signature.toLowerCase()))
      throw unauthorised('The request signature is not valid.');

    // Only a correctly signed request may record its nonce, so forgeries cannot fill the table.
    if (!(await nonces.claim(key, nonce, stamp + MAX_CLOCK_SKEW_SECONDS + NONCE_MARGIN_SECONDS))) {
      throw unauthorised('This request has already been used.', ErrorType.ReplayedRequest);
    }

    if (clock() - lastSweep > NONCE_SWEEP_INTERVAL_MS) {
      lastSweep = clock();
      await nonces.sweep(seconds);
    }
    return { user: owner.user, tokenKey: key };
  }
}

/** The verified user of a 'user' route; the hook guarantees it is there. */
export function authOf(request: FastifyRequest): { user: ApiUser; tokenKey: string } {
  if (!request.auth) throw unauthorised('You need to log in to do this.');
  return request.auth;
}
