import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiArticle, ApiArticleSummary, ArticleKind } from '../../shared/api.ts';
import { forbidden, positiveId } from '../accounts/access.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';

/** Article kinds are named as their rules in config/rules.json, which say who may read them. */
const KINDS: readonly ArticleKind[] = ['news', 'knowledge-exchange'];

const isKind = (value: string): value is ArticleKind =>
  (KINDS as readonly string[]).includes(value);

interface ScopeQuery {
  unit?: string;
  plan?: string;
}

/** The kind's rule, for the unit and plan the portal has selected; an unknown kind is a 404. */
const KIND_RULE: RouteGuard = {
  rule: (request) => {
    const { kind } = request.params as { kind?: string };
    return kind !== undefined && isKind(kind) ? kind : undefined;
  },
  scope: 'selection',
};

/**
 * The providers whose articles of this kind the user may read: those of each state of the call's
 * scope (the selected unit and plan, or for a farm user naming none, each of their plans) in which
 * the kind's rule holds, as the portal's menu evaluates it.
 */
function readableProviders(request: FastifyRequest): number[] {
  const providers = new Set(
    grantsOf(request)
      .map((g) => g.providerId)
      .filter((id): id is number => id !== null),
  );
  if (providers.size === 0) throw forbidden('There is no provider to read articles from.');
  return [...providers];
}

const COLUMNS = `a.id, a.kind, a.title, a.summary, a.author, to_char(a.published_on, 'YYYY-MM-DD') as published_on,
  pr.name as provider_name`;

export function registerArticleRoutes(app: FastifyInstance, db: Db): void {
  app.get<{
    Params: { kind: string };
    Querystring: ScopeQuery & { page?: string; per_page?: string };
  }>('/articles/:kind', { config: { access: 'user', guard: KIND_RULE } }, async (request) => {
    const { kind } = request.params;
    if (!isKind(kind)) throw notFound(`There are no "${kind}" articles.`);
    const providers = readableProviders(request);
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
  });

  app.get<{ Params: { kind: string; id: string }; Querystring: ScopeQuery }>(
    '/articles/:kind/:id',
    { config: { access: 'user', guard: KIND_RULE } },
    async (request) => {
      const { kind } = request.params;
      if (!isKind(kind)) throw notFound(`There are no "${kind}" articles.`);
      const id = positiveId(request.params.id, 'id');
      const providers = readableProviders(request);
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
