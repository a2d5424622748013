import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemittanceGrower } from '../../shared/remittance/types.ts';
import { positiveId } from '../accounts/access.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { STATEMENT_LIST_COLUMNS, statementCsvColumns, statementCsvRows } from './csv.ts';
import {
  countStatements,
  filterOf,
  findStatement,
  selectGrowers,
  selectStatements,
  type StatementScope,
} from './query.ts';

/** The rules of config/rules.json: the provider's staff, and a farm user on their own unit. */
const STAFF: RouteGuard = { rule: 'remittance', scope: 'none' };
const FARM: RouteGuard = { rule: 'farm-remittance', scope: 'unit' };

type ListQuery = { unit?: string; from?: string; to?: string; search?: string };
type PageQuery = ListQuery & { page?: string; per_page?: string };

/**
 * Remittance advice (issue 19 point 4; docs/openapi.yaml, tag Remittance). The provider's staff
 * (rule `remittance`) list their provider's statements by grower and period, open one with its
 * lines reconciled to the QC results, and download either as CSV, under /api/remittance. A farm
 * user (rule `farm-remittance`) does the same for the unit in the path, for the providers of its
 * plans with which the rule holds, under /api/units/{unit}/remittance. A statement outside the
 * caller's scope answers 404, as if it did not exist.
 */
export function registerRemittanceRoutes(
  app: FastifyInstance,
  db: Db,
  clock: () => number = Date.now,
): void {
  const staffScope = (request: FastifyRequest): StatementScope => {
    const { user } = authOf(request);
    const providerId = grantsOf(request)[0]?.providerId ?? null;
    if (providerId === null) throw notFound('Your organisation sends no remittance statements.');
    return { kind: 'provider', providerId, user };
  };
  const farmScope = (request: FastifyRequest): StatementScope => {
    const { unitId } = request.params as { unitId: string };
    const providerIds = [
      ...new Set(grantsOf(request).flatMap((g) => (g.plan ? [g.plan.provider_id] : []))),
    ];
    return { kind: 'unit', unitId: positiveId(unitId, 'unitId'), providerIds };
  };

  const list = async (
    request: FastifyRequest<{ Querystring: PageQuery }>,
    scope: StatementScope,
  ) => {
    const page = pageRequest(request.query);
    const filter = filterOf(request.query);
    const total = await countStatements(db, scope, filter);
    const records = await selectStatements(db, scope, filter, page.perPage, page.offset);
    return ok(pagedResult(page, total, records));
  };

  const listCsv = async (
    request: FastifyRequest<{ Querystring: ListQuery }>,
    reply: FastifyReply,
    scope: StatementScope,
  ) => {
    const filter = filterOf(request.query);
    const total = await countStatements(db, scope, filter);
    return sendCsv(
      reply,
      { name: exportFileName(['remittance', 'statements'], new Date(clock())), totalRows: total },
      STATEMENT_LIST_COLUMNS,
      (limit, offset) => selectStatements(db, scope, filter, limit, offset),
    );
  };

  const statement = async (scope: StatementScope, id: string) => {
    const found = await findStatement(db, scope, positiveId(id, 'statementId'));
    if (!found) throw notFound(`There is no remittance statement ${id} of yours.`);
    return found;
  };

  const statementCsv = async (reply: FastifyReply, scope: StatementScope, id: string) => {
    const found = await statement(scope, id);
    const rows = statementCsvRows(found);
    return sendCsv(
      reply,
      {
        name: exportFileName(['remittance', found.number, found.unit.name], new Date(clock())),
        totalRows: rows.length,
      },
      statementCsvColumns(found),
      async (_limit, offset) => (offset === 0 ? rows : []),
    );
  };

  // The provider's staff.
  app.get<{ Querystring: PageQuery }>(
    '/remittance/statements',
    { config: { access: 'user', guard: STAFF } },
    (request) => list(request, staffScope(request)),
  );
  app.get<{ Querystring: ListQuery }>(
    '/remittance/statements.csv',
    { config: { access: 'user', guard: STAFF } },
    (request, reply) => listCsv(request, reply, staffScope(request)),
  );
  app.get('/remittance/growers', { config: { access: 'user', guard: STAFF } }, async (request) => {
    const growers: RemittanceGrower[] = await selectGrowers(db, staffScope(request));
    return ok(growers);
  });
  app.get<{ Params: { statementId: string } }>(
    '/remittance/statements/:statementId',
    { config: { access: 'user', guard: STAFF } },
    async (request) => ok(await statement(staffScope(request), request.params.statementId)),
  );
  app.get<{ Params: { statementId: string } }>(
    '/remittance/statements/:statementId.csv',
    { config: { access: 'user', guard: STAFF } },
    (request, reply) => statementCsv(reply, staffScope(request), request.params.statementId),
  );

  // A farm user, on their own unit.
  app.get<{ Params: { unitId: string }; Querystring: PageQuery }>(
    '/units/:unitId/remittance/statements',
    { config: { access: 'user', guard: FARM } },
    (request) => list(request, farmScope(request)),
  );
  app.get<{ Params: { unitId: string }; Querystring: ListQuery }>(
    '/units/:unitId/remittance/statements.csv',
    { config: { access: 'user', guard: FARM } },
    (request, reply) => listCsv(request, reply, farmScope(request)),
  );
  app.get<{ Params: { unitId: string; statementId: string } }>(
    '/units/:unitId/remittance/statements/:statementId',
    { config: { access: 'user', guard: FARM } },
    async (request) => ok(await statement(farmScope(request), request.params.statementId)),
  );
  app.get<{ Params: { unitId: string; statementId: string } }>(
    '/units/:unitId/remittance/statements/:statementId.csv',
    { config: { access: 'user', guard: FARM } },
    (request, reply) => statementCsv(reply, farmScope(request), request.params.statementId),
  );
}
