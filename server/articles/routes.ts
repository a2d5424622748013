import type { FastifyInstance } from 'fastify';
import type { ApiArticle, ApiArticleSummary, ApiUser, ArticleKind } from '../../shared/api.ts';
import { forbidden, positiveId } from '../accounts/access.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';

/** What unlocks each kind: a plan feature for farm users, a permission for company staff. */
const ACCESS: Record<ArticleKind, { planFeature: string; staffPermission: string }> = {
  news: { planFeature: 'newsfeed', staffPermission: 'companyNews' },
  'knowledge-exchange': {
    planFeature: 'technical_resources',
    staffPermission: 'company_technical_resources',
  },
};

const isKind = (value: string): value is ArticleKind => Object.hasOwn(ACCESS, value);

/** The providers whose articles of this kind the user may read; 403 when there are none. */
async function readableProviders(db: Db, user: ApiUser, kind: ArticleKind): Promise<number[]> {
  const { planFeature, staffPermission } = ACCESS[kind];
  if (user.type === 'company_employee') {
    if (!user.provider || user.accessTo[staffPermission] !== true) {
      throw forbidden(
        `Reading ${kind === 'news' ? 'news' : 'knowledge exchange'} needs the ${staffPermission} permission.`,
      );
    }
    return [user.provider.id];
  }
  const { rows } = await db.query<{ provider_id: number }>(
    `select distinct p.provider_id from farms f join units un on un.farm_id = f.id
     join unit_packages up on up.unit_id = un.id join packages p on p.id = up.package_id
     where f.business_id = $1 and $2 = any (p.features)`,
    [user.business.id, planFeature],
  );
  if (rows.length === 0)
    throw forbidden(
      `None of your plans includes ${kind === 'news' ? 'news' : 'knowledge exchange'}.`,
    );
  return rows.map((r) => r.provider_id);
}

const COLUMNS = `a.id, a.kind, a.title, a.summary, a.author, to_char(a.published_on, 'YYYY-MM-DD') as published_on,
  pr.name as provider_name`;

export function registerArticleRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { kind: string }; Querystring: { page?: string; per_page?: string } }>(
    '/articles/:kind',
    { config: { access: 'user' } },
    async (request) => {
      const { kind } = request.params;
      if (!isKind(kind)) throw notFound(`There are no "${kind}" articles.`);
      const providers = await readableProviders(db, authOf(request).user, kind);
      const page = pageRequest(request.query);
      const total =
        (
          await db.query<{ n: number }>(
            'select count(*)::int as n from articles where kind = $1 and provider_id = any ($2::int[])',
            [kind, providers],
          )
        ).rows[0]?.n ?? 0;
      const { rows } = await db.query<ApiArticleSummary>(
        `select ${COLUMNS} from articles a join providers pr on pr.id = a.provider_id
         where a.kind = $1 and a.provider_id = any ($2::int[])
         order by a.published_on desc, a.id desc limit $3 offset $4`,
        [kind, providers, page.perPage, page.offset],
      );
      return ok(pagedResult(page, total, rows));
    },
  );

  app.get<{ Params: { kind: string; id: string } }>(
    '/articles/:kind/:id',
    { config: { access: 'user' } },
    async (request) => {
      const { kind } = request.params;
      if (!isKind(kind)) throw notFound(`There are no "${kind}" articles.`);
      const id = positiveId(request.params.id, 'id');
      const providers = await readableProviders(db, authOf(request).user, kind);
      const { rows } = await db.query<ApiArticle & { readable: boolean }>(
        `select ${COLUMNS}, a.body_html, a.provider_id = any ($3::int[]) as readable
         from articles a join providers pr on pr.id = a.provider_id where a.id = $1 and a.kind = $2`,
        [id, kind, providers],
      );
      const row = rows[0];
      if (!row) throw notFound(`Article ${id} does not exist.`);
      if (!row.readable) throw forbidden('This article is not published for you.');
      const { readable: _readable, ...article } = row;
      return ok(article);
    },
  );
}
