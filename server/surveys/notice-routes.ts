import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalNotice } from '../../shared/surveys/types.ts';
import { positiveId } from '../accounts/access.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import type { SurveyDeps } from './farm-routes.ts';

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

interface NoticeRow {
  id: number;
  kind: 'survey-reminder';
  unit_id: number;
  title: string;
  message: string;
  provider_reference: string;
  provider_name: string;
  created_by: number | null;
  created_by_name: string;
  path: string;
  created_at: string;
  read_at: string | null;
}

const noticeOf = (r: NoticeRow): PortalNotice => ({
  id: r.id,
  kind: r.kind,
  unitId: r.unit_id,
  title: r.title,
  message: r.message,
  from: { reference: r.provider_reference, name: r.provider_name },
  by: { id: r.created_by, name: r.created_by_name },
  path: r.path,
  createdAt: r.created_at,
  readAt: r.read_at,
});

/**
 * In-portal notices to a unit (a provider's survey reminder; issue 18, point 5): no e-mail is
 * sent. Rule `surveys`; only notices from the providers of the plans it holds with, and none from
 * a provider whose "survey_reminders" the user turned off in Notification Settings.
 */
export function registerNoticeRoutes(app: FastifyInstance, deps: SurveyDeps): void {
  const { db } = deps;
  const guard: RouteGuard = { rule: 'surveys', scope: 'unit' };

  /** The SQL and parameters of the user's notices on the unit, from $1. */
  function selection(request: FastifyRequest, unitId: number) {
    const { user } = authOf(request);
    const providers = [
      ...new Set(
        grantsOf(request)
          .map((g) => g.plan?.provider_id)
          .filter((id): id is number => id !== undefined),
      ),
    ];
    return {
      sql: `from notices n join providers pr on pr.id = n.provider_id
        left join notice_reads nr on nr.notice_id = n.id and nr.user_id = $3
        where n.unit_id = $1 and n.provider_id = any($2::int[])
          and coalesce((select (ns.settings->>'survey_reminders')::boolean from notification_settings ns
                        where ns.user_id = $3 and ns.provider_id = n.provider_id), true)`,
      params: [unitId, providers, user.id] as unknown[],
    };
  }

  const COLUMNS = `n.id, n.kind, n.unit_id, n.title, n.message, pr.reference as provider_reference,
    pr.name as provider_name, n.created_by, n.created_by_name, n.path,
    ${ISO('n.created_at')} as created_at, ${ISO('nr.read_at')} as read_at`;

  app.get<{
    Params: { unitId: string };
    Querystring: { unread?: string; page?: string; per_page?: string };
  }>('/units/:unitId/notices', { config: { access: 'user', guard } }, async (request) => {
    const unitId = positiveId(request.params.unitId, 'unitId');
    const page = pageRequest(request.query);
    const { unread } = request.query;
    if (unread !== undefined && unread !== 'true' && unread !== 'false') {
      throw badRequest('unread must be true or false.', { unread: 'is invalid' });
    }
    const q = selection(request, unitId);
    const where = unread === 'true' ? `${q.sql} and nr.read_at is null` : q.sql;
    const { rows: count } = await db.query<{ n: number }>(
      `select count(*)::int as n ${where}`,
      q.params,
    );
    const { rows } = await db.query<NoticeRow>(
      `select ${COLUMNS} ${where} order by n.created_at desc, n.id desc limit $4 offset $5`,
      [...q.params, page.perPage, page.offset],
    );
    return ok(pagedResult(page, count[0]?.n ?? 0, rows.map(noticeOf)));
  });

  app.post<{ Params: { unitId: string; noticeId: string } }>(
    '/units/:unitId/notices/:noticeId/read',
    { config: { access: 'user', guard } },
    async (request) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const noticeId = positiveId(request.params.noticeId, 'noticeId');
      const q = selection(request, unitId);
      const find = () =>
        db.query<NoticeRow>(`select ${COLUMNS} ${q.sql} and n.id = $4`, [...q.params, noticeId]);
      if ((await find()).rows.length === 0) {
        throw notFound(`There is no notice ${String(noticeId)} for you on this unit.`);
      }
      await db.query(
        `insert into notice_reads (notice_id, user_id, read_at) values ($1, $2, $3::timestamptz)
         on conflict do nothing`,
        [noticeId, user.id, new Date(deps.clock()).toISOString()],
      );
      const { rows } = await find();
      return ok(noticeOf(rows[0] as NoticeRow));
    },
  );
}
