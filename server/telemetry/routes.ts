import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';

const MAX_ACTIVITIES_PER_REQUEST = 100;

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
    sn: { type: 'integer', minimum: 1 },
    uid: { type: 'integer' },
    bt: { type: 'string', maxLength: 50 },
    activities: {
      type: 'array',
      maxItems: MAX_ACTIVITIES_PER_REQUEST,
      items: {
        type: 'object',
        required: ['path', 'act'],
        properties: {
          unit: { type: ['integer', 'null'] },
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
    lineNumber: { type: ['integer', 'null'] },
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
interface LogBody {
  message: string;
  additional?: unknown;
  level: number;
  timestamp?: string | null;
  fileName?: string | null;
  lineNumber?: number | null;
}

/** Analytics sessions and activities, and log entries sent from browsers. */
export function registerTelemetryRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: BrowserBody }>(
    '/analytics/browser',
    { config: { access: 'user' }, schema: { body: browserBody } },
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
    { config: { access: 'user' }, schema: { body: activityBody } },
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

  app.post<{ Body: LogBody; Querystring: { app?: string } }>(
    '/log',
    {
      schema: {
        body: logBody,
        querystring: { type: 'object', properties: { app: { type: 'string', maxLength: 50 } } },
      },
    },
    async (request) => {
      const b = request.body;
      const clientTime = b.timestamp && !Number.isNaN(Date.parse(b.timestamp)) ? b.timestamp : null;
      await db.query(
        `insert into client_logs (app_name, level, message, additional, file_name, line_number, client_time)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          request.query.app ?? 'unknown',
          b.level,
          b.message,
          b.additional === undefined ? null : JSON.stringify(b.additional),
          b.fileName ?? null,
          b.lineNumber ?? null,
          clientTime,
        ],
      );
      return ok({ logged: true });
    },
  );
}
