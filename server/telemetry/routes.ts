import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound, retryLater } from '../http/errors.ts';
import { ClientRateLimiter, type RateLimit } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';

const MAX_ACTIVITIES_PER_REQUEST = 100;

/**
 * /log takes anonymous writes (the application key is public), so each address may send only
 * so many entries, and each only so large: room for a message and an error's stack, no more.
 */
export const LOG_RATE: RateLimit = { perMinute: 30, burst: 30, maxClients: 10_000 };
export const LOG_BODY_LIMIT = 16 * 1024;
export const MAX_LOG_ADDITIONAL_BYTES = 8 * 1024;
export const LOG_RATE_MESSAGE =
  'Too many log entries from your address. Please wait a moment and try again.';

/** The range of PostgreSQL's integer columns. */
const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
const id = { type: 'integer', minimum: 1, maximum: INT4.maximum } as const;

const dimension = { type: 'integer', minimum: 0, maximum: 100_000 } as const;

const browserBody = {
  type: 'object',
  required: ['uid', 'bt', 'ua', 'ww', 'wh', 'sw', 'sh'],
  properties: {
    uid: { type: 'integer' },
    bt: { type: 'string', maxLength: 50 },
    ua: { type: 'string', maxLength: 1000 },
    ww: dimension,
    wh: dimension,
    sw: dimension,
    sh: dimension,
  },
} as const;

const activityBody = {
  type: 'object',
  required: ['sn', 'uid', 'bt', 'activities'],
  properties: {
    sn: id,
    uid: { type: 'integer' },
    bt: { type: 'string', maxLength: 50 },
    activities: {
      type: 'array',
      maxItems: MAX_ACTIVITIES_PER_REQUEST,
      items: {
        type: 'object',
        required: ['path', 'act'],
        properties: {
          unit: { type: ['integer', 'null'], ...INT4 },
          path: { type: 'string', maxLength: 2000 },
          act: { enum: ['navigated-to', 'interaction'] },
          info: {},
        },
      },
    },
  },
} as const;

const logBody = {
  type: 'object',
  required: ['message', 'level'],
  properties: {
    message: { type: 'string', maxLength: 10_000 },
    additional: {},
    level: { type: 'integer', minimum: 0, maximum: 7 },
    timestamp: { type: ['string', 'null'], maxLength: 40 },
    fileName: { type: ['string', 'null'], maxLength: 500 },
    lineNumber: { type: ['integer', 'null'], minimum: 0, maximum: INT4.maximum },
  },
} as const;

interface BrowserBody {
  bt: string;
  ua: string;
  ww: number;
  wh: number;
  sw: number;
  sh: number;
}
interface ActivityBody {
  sn: number;
  activities: { unit?: number | null; path: string; act: string; info?: unknown }[];
}
/** The client's clock as PostgreSQL will take it, or null when it is not a usable time. */
function clientTime(text: string | null | undefined): string | null {
  const ms = text ? Date.parse(text) : Number.NaN;
  // Date.parse also reads forms PostgreSQL refuses ("1", "March 7"): send its reading, not the text.
  return Number.isFinite(ms) && ms >= 0 && ms < Date.UTC(10_000, 0, 1)
    ? new Date(ms).toISOString()
    : null;
}

interface LogBody {
  message: string;
  additional?: unknown;
  level: number;
  timestamp?: string | null;
  fileName?: string | null;
  lineNumber?: number | null;
}

/** The caller's own analytics session and activities: no screen's rule applies. */
const OWN_ANALYTICS = { ownAccount: "the caller's own analytics" } as const;

/** Analytics sessions and activities, and log entries sent from browsers. */
export function registerTelemetryRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: BrowserBody }>(
    '/analytics/browser',
    { config: { access: 'user', guard: OWN_ANALYTICS }, schema: { body: browserBody } },
    async (request) => {
      // The session belongs to the signed-in user, whatever uid the body claims.
      const { user } = authOf(request);
      const b = request.body;
      const { rows } = await db.query<{ id: number }>(
        `insert into analytics_sessions
           (user_id, business_type, user_agent, window_width, window_height, screen_width, screen_height)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [user.id, b.bt, b.ua, b.ww, b.wh, b.sw, b.sh],
      );
      return ok({ id: rows[0]?.id });
    },
  );

  app.post<{ Body: ActivityBody }>(
    '/analytics/activity',
    { config: { access: 'user', guard: OWN_ANALYTICS }, schema: { body: activityBody } },
    async (request) => {
      const { user } = authOf(request);
      const { rows } = await db.query<{ id: number }>(
        `insert into analytics_activities (session_id, unit_id, path, act, info)
         select s.id, a.unit, a.path, a.act, a.info
         from analytics_sessions s, jsonb_to_recordset($3::jsonb) as a(unit integer, path text, act text, info jsonb)
         where s.id = $1 and s.user_id = $2
         returning id`,
        [request.body.sn, user.id, JSON.stringify(request.body.activities)],
      );
      if (rows.length === 0 && request.body.activities.length > 0) {
        throw notFound(`Analytics session ${request.body.sn} does not exist for this user.`);
      }
      return ok({ recorded: rows.length });
    },
  );

  const logLimiter = new ClientRateLimiter(LOG_RATE);

  app.post<{ Body: LogBody; Querystring: { app?: string } }>(
    '/log',
    {
      bodyLimit: LOG_BODY_LIMIT,
      // Before the body is read, so that refused requests cost next to nothing. request.ip is
      // the socket's address unless TRUST_PROXY lets X-Forwarded-For name the client.
      onRequest: async (request) => {
        const wait = logLimiter.take(request.ip);
        if (wait !== undefined) throw retryLater(429, LOG_RATE_MESSAGE, wait);
      },
      schema: {
        body: logBody,
        querystring: { type: 'object', properties: { app: { type: 'string', maxLength: 50 } } },
      },
    },
    async (request) => {
      const b = request.body;
      const additional = b.additional === undefined ? null : JSON.stringify(b.additional);
      if (additional !== null && Buffer.byteLength(additional) > MAX_LOG_ADDITIONAL_BYTES) {
        throw badRequest('The log entry is too large.', {
          additional: `must be at most ${MAX_LOG_ADDITIONAL_BYTES / 1024} KB as JSON`,
        });
      }
      await db.query(
        `insert into client_logs (app_name, level, message, additional, file_name, line_number, client_time)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          request.query.app ?? 'unknown',
          b.level,
          b.message,
          additional,
          b.fileName ?? null,
          b.lineNumber ?? null,
          clientTime(b.timestamp),
        ],
      );
      return ok({ logged: true });
    },
  );
}
