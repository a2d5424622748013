import type { FastifyInstance } from 'fastify';
import { inject, vi } from 'vitest';
import appConfig from '../../config/app.json' with { type: 'json' };
import { buildApp, type AppOptions } from '../../server/app.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import type { ApiSuccess, AuthResponse, AuthToken } from '../../shared/api.ts';
import {
  ANTI_FORGERY_COOKIE,
  AuthHeader,
  newNonce,
  sha256Hex,
  signRequest,
  type SignedParts,
  wirePathWithQuery,
} from '../../shared/signing.ts';
import { openDatabase, type Db } from '../../server/db/index.ts';
import { openTestDatabase } from './db-template.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database of this app when DATABASE_URL is set, for a second server on it. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
}

/**
 * The assertion, again until it holds, for what follows a change a server hears of by a notice
 * (the caches of server/db/notified-cache.ts): PostgreSQL delivers it a moment after the commit,
 * PGlite before the statement that made the change returns.
 */
export const onceHeard = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 5_000, interval: 50 });

/** A second server on a test app's database (see otherServer). */
export interface OtherServer {
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Another server on the test app's database, as another process or a restart would be: on
 * PostgreSQL with connections of its own; on PGlite the same database, which is in this process.
 */
export async function otherServer(
  t: TestApp,
  options: { production: boolean },
): Promise<OtherServer> {
  const db = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: undefined })
    : t.db;
  const app = await buildApp({ db, production: options.production });
  return {
    app,
    close: async () => {
      await app.close();
      if (db !== t.db) await db.close();
    },
  };
}

/**
 * A real server on a real database of its own: in-memory PGlite, or a fresh database on the
 * PostgreSQL server named by DATABASE_URL, migrated and seeded with the demo accounts and a few
 * farms (a copy of the run's template, see db-template.ts and global-setup.ts).
 */
export async function startTestApp(
  options: Partial<
    Pick<
      AppOptions,
      | 'production'
      | 'staticDir'
      | 'adminKey'
      | 'onRoute'
      | 'failRequestsMatching'
      | 'clock'
      | 'assessmentTemplates'
      | 'unitsSearch'
    >
  > & {
    /** A database of the app's own seeded with this many generated farms, not the template's 25. */
    farms?: number;
  } = {},
): Promise<TestApp> {
  const { db, url, drop } = await openTestDatabase(
    options.farms === undefined ? inject('dbTemplate') : undefined,
    options.farms,
  );
  const app = await buildApp({
    db,
    production: options.production ?? false,
    staticDir: options.staticDir,
    adminKey: options.adminKey,
    onRoute: options.onRoute,
    failRequestsMatching: options.failRequestsMatching,
    clock: options.clock,
    assessmentTemplates: options.assessmentTemplates,
    unitsSearch: options.unitsSearch,
  });
  await app.ready();
  return {
    app,
    db,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** What the portal sends on every request: the application key and the anti-forgery pair. */
const XSRF = 'test-anti-forgery-token';
export const PORTAL_HEADERS = {
  [AuthHeader.ApplicationKey]: appConfig.applicationKey,
  [AuthHeader.AntiForgery]: XSRF,
  cookie: `${ANTI_FORGERY_COOKIE}=${XSRF}`,
};

export const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/authenticate?api_action=login',
    headers: PORTAL_HEADERS,
    payload: { username, password },
  });

export async function loginAs(app: FastifyInstance, username: string): Promise<AuthResponse> {
  const response = await login(app, username, DEMO_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.body}`);
  return response.json<ApiSuccess<AuthResponse>>().data;
}

export interface SignOptions {
  /** Epoch seconds to sign with (default: now). */
  timestamp?: number;
  /** A nonce to send (default: a fresh one), e.g. to replay a request. */
  nonce?: string;
  /** Sign these parts instead of the real ones, to test tampering. */
  signAs?: Partial<SignedParts>;
  /** Sent as the Idempotency-Key header and signed with the rest (issue 22's outbox). */
  idempotencyKey?: string;
}

/** Headers of a request signed with the token, the way the portal signs them. */
export async function signedHeaders(
  token: AuthToken,
  method: string,
  url: string,
  body: string | Uint8Array<ArrayBuffer> = '',
  options: SignOptions = {},
): Promise<Record<string, string>> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = options.nonce ?? newNonce();
  const parts: SignedParts = {
    timestamp,
    nonce,
    method,
    pathWithQuery: wirePathWithQuery(url),
    bodySha256: await sha256Hex(body),
    idempotencyKey: options.idempotencyKey,
    ...options.signAs,
  };
  return {
    ...PORTAL_HEADERS,
    ...(options.idempotencyKey !== undefined && {
      [AuthHeader.IdempotencyKey]: options.idempotencyKey,
    }),
    [AuthHeader.Timestamp]: String(timestamp),
    [AuthHeader.Nonce]: nonce,
    [AuthHeader.Key]: token.key,
    [AuthHeader.Signature]: await signRequest(token.secret, parts),
  };
}

export async function signedInject(
  app: FastifyInstance,
  token: AuthToken,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  options: SignOptions = {},
) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const headers = await signedHeaders(token, method, url, body, options);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: body }) });
}

/** A file upload as the portal sends one: the bytes alone, signed over their SHA-256. */
export async function signedUpload(
  app: FastifyInstance,
  token: AuthToken,
  url: string,
  bytes: Buffer,
  options: SignOptions & { contentType?: string } = {},
) {
  const headers = await signedHeaders(token, 'POST', url, new Uint8Array(bytes), options);
  headers['content-type'] = options.contentType ?? 'application/octet-stream';
  return app.inject({ method: 'POST', url, headers, payload: bytes });
}

/** A seeded unit's id by its name ('Lower Dale Dairy'); throws when there is none. */
export async function unitIdNamed(db: Db, name: string): Promise<number> {
  const row = (await db.query<{ id: number }>('select id from units where name = $1', [name]))
    .rows[0];
  if (!row) throw new Error(`no unit ${name}`);
  return row.id;
}
