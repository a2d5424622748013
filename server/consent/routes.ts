import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType } from '../../shared/api.ts';
import type {
  AccessLogEntry,
  ConsentChange,
  ConsentProvider,
  ConsentState,
  UnitConsent,
} from '../../shared/consent/types.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { exportFileName, sendCsv, type CsvColumn } from '../export/csv-export.ts';
import { unitName } from '../export/unit-name.ts';
import { badRequest, fieldErrorMap, HttpError, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { coveredCategories } from './coverage.ts';
import { consentRows, storeConsent } from './store.ts';

/** The rule consent of config/rules.json, for the unit in the path: the farm's own users. */
const CONSENT: RouteGuard = { rule: 'consent', scope: 'unit' };

interface UnitParams {
  unitId: string;
}
interface ChoiceParams extends UnitParams {
  providerId: string;
  category: string;
}
interface LogQuery {
  provider?: string;
  page?: string;
  per_page?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const invalid = (message: string, errors: Record<string, string[]>) =>
  new HttpError(406, message, ErrorType.Validation, errors);

interface PlanRow {
  plan_id: number;
  plan_name: string;
  features: string[];
  provider_id: number;
  provider_reference: string;
  provider_name: string;
  provider_kind: string;
}

/**
 * "Who sees my data" (issue 20 point 3; docs/openapi.yaml, tag Consent), for the farm's own users
 * under the rule consent: every provider whose plan the unit holds, the companies working for it
 * and each category of the unit's data its plans cover, shared or not; the farm's choice for one
 * category and provider (withhold it, share it again, or share it until a date, after which it
 * lapses by itself); and the access log of every read by company staff, newest first.
 */
export function registerConsentRoutes(
  app: FastifyInstance,
  db: Db,
  access: AccessRules,
  clock: () => number = Date.now,
): void {
  const unitOf = (request: FastifyRequest<{ Params: UnitParams }>) =>
    positiveId(request.params.unitId, 'unitId');

  async function providersOn(q: Queryable, unitId: number): Promise<Map<number, PlanRow[]>> {
    const { rows } = await q.query<PlanRow>(
      `select p.id as plan_id, p.visible_name as plan_name, p.features, pr.id as provider_id,
              pr.reference as provider_reference, pr.name as provider_name, pr.kind as provider_kind
       from unit_packages up join packages p on p.id = up.package_id
       join providers pr on pr.id = p.provider_id
       where up.unit_id = $1 order by pr.name, pr.id, p.visible_name, p.id`,
      [unitId],
    );
    const byProvider = new Map<number, PlanRow[]>();
    for (const row of rows) {
      const list = byProvider.get(row.provider_id) ?? [];
      list.push(row);
      byProvider.set(row.provider_id, list);
    }
    return byProvider;
  }

  async function overview(q: Queryable, unitId: number): Promise<UnitConsent> {
    const today = access.today();
    const { rows: units } = await q.query<{
      name: string;
      supports_mifarm: boolean;
      supports_bcms_cts: boolean;
    }>('select name, supports_mifarm, supports_bcms_cts from units where id = $1', [unitId]);
    const unit = units[0];
    if (!unit) throw notFound(`There is no unit ${String(unitId)}.`);
    const byProvider = await providersOn(q, unitId);
    const { rows: companies } = await q.query<{
      provider_id: number;
      name: string;
      sub_type: number;
    }>(
      `select provider_id, name, sub_type from businesses
       where type = 'company' and provider_id = any($1::int[]) order by name, id`,
      [[...byProvider.keys()]],
    );
    const choices = await consentRows(q, unitId);
    const providers: ConsentProvider[] = [];
    for (const [providerId, plans] of byProvider) {
      const first = plans[0];
      if (!first) continue;
      const own = companies.filter((c) => c.provider_id === providerId);
      const covered = coveredCategories(
        access,
        unit,
        {
          provider: { id: providerId, reference: first.provider_reference },
          plans: plans.map((p) => ({ features: p.features })),
          subTypes: [...new Set(own.map((c) => c.sub_type))],
        },
        access.surveyProviders,
      );
      const categories = covered.map((id): ConsentState => {
        const category = access.consent.categories.get(id);
        const choice = choices.find((c) => c.provider_id === providerId && c.category === id);
        const lapsed = choice?.shared === true && choice.until !== null && choice.until < today;
        return {
          id,
          title: category?.title ?? id,
          description: category?.description ?? '',
          shared: choice === undefined || (choice.shared && !lapsed),
          until: choice?.shared === true ? choice.until : null,
          lapsed,
          changed: choice ? { by: choice.changed_by, at: choice.changed_at } : null,
        };
      });
      providers.push({
        provider: { id: providerId, name: first.provider_name, kind: first.provider_kind },
        plans: plans.map((p) => ({ id: p.plan_id, name: p.plan_name })),
        companies: own.map((c) => c.name),
        categories,
      });
    }
    return {
      unit: { id: unitId, name: unit.name },
      providers,
      accessLogRetentionDays: access.consent.retentionDays,
    };
  }

  app.get<{ Params: UnitParams }>(
    '/units/:unitId/consent',
    { config: { access: 'user', guard: CONSENT } },
    async (request) => ok(await overview(db, unitOf(request))),
  );

  app.put<{ Params: ChoiceParams; Body: unknown }>(
    '/units/:unitId/consent/:providerId/:category',
    { config: { access: 'user', guard: CONSENT } },
    async (request) => {
      const unitId = unitOf(request);
      const providerId = positiveId(request.params.providerId, 'providerId');
      const { category } = request.params;
      const choice = changeOf(request.body, access.today());
      const { user } = authOf(request);
      const answer = await db.transaction(async (tx) => {
        const before = await overview(tx, unitId);
        const provider = before.providers.find((p) => p.provider.id === providerId);
        if (!provider)
          throw notFound(`No plan of provider ${String(providerId)} is held by this unit.`);
        if (!access.consent.categories.has(category))
          throw notFound(`There is no category of data called "${category}".`);
        if (!provider.categories.some((c) => c.id === category))
          throw invalid(
            `${provider.provider.name}'s plan does not cover ${access.consent.titleOf(category)}, so its staff cannot see it whatever you choose.`,
            { category: ['is not covered by the provider’s plan'] },
          );
        await storeConsent(tx, {
          unitId,
          providerId,
          category,
          shared: choice.shared,
          until: choice.until,
          userId: user.id,
          at: new Date(clock()).toISOString(),
        });
        const after = await overview(tx, unitId);
        const changed = after.providers.find((p) => p.provider.id === providerId);
        if (!changed) throw new Error('The provider left the unit while its consent was stored.');
        return changed;
      });
      // The database tells every server of the change (0020_access_notices.sql); PostgreSQL a
      // moment after the commit, and the provider's staff may ask this server before then.
      access.forgetUnitAccess();
      return ok(answer);
    },
  );

  /** The unit's access log, newest first, optionally of one provider's staff. */
  function logSelection(request: FastifyRequest<{ Params: UnitParams; Querystring: LogQuery }>) {
    const unitId = unitOf(request);
    const provider = request.query.provider;
    const params: unknown[] = [unitId];
    let where = 'l.unit_id = $1';
    if (provider !== undefined) {
      params.push(positiveId(provider, 'provider'));
      where += ' and l.provider_id = $2';
    }
    return { unitId, where, params };
  }

  const entryOf = (row: LogRow): AccessLogEntry => ({
    id: Number(row.id),
    at: row.at,
    user: row.user_name,
    provider: { id: row.provider_id, name: row.provider_name },
    category: { id: row.category, title: access.consent.titleOf(row.category) },
    what: row.what,
    action: row.action,
  });

  const selectLog = async (where: string, params: unknown[], limit: number, offset: number) =>
    (
      await db.query<LogRow>(
        `select l.id, to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
                l.user_name, l.provider_id, l.provider_name, l.category, l.what, l.action
         from data_access_log l where ${where}
         order by l.at desc, l.id desc limit ${String(limit)} offset ${String(offset)}`,
        params,
      )
    ).rows.map(entryOf);

  const countLog = async (where: string, params: unknown[]) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from data_access_log l where ${where}`,
        params,
      )
    ).rows[0]?.n ?? 0;

  app.get<{ Params: UnitParams; Querystring: LogQuery }>(
    '/units/:unitId/access-log',
    { config: { access: 'user', guard: CONSENT } },
    async (request) => {
      const page = pageRequest(request.query);
      const { where, params } = logSelection(request);
      const total = await countLog(where, params);
      const rows = await selectLog(where, params, page.perPage, page.offset);
      return ok(pagedResult(page, total, rows));
    },
  );

  const LOG_COLUMNS: CsvColumn<AccessLogEntry>[] = [
    { title: 'When (UTC)', value: (e) => e.at },
    { title: 'Who', value: (e) => e.user },
    { title: 'Organisation', value: (e) => e.provider.name },
    { title: 'Data', value: (e) => e.category.title },
    { title: 'Seen through', value: (e) => e.what },
    { title: 'Action', value: (e) => e.action },
  ];

  app.get<{ Params: UnitParams; Querystring: LogQuery }>(
    '/units/:unitId/access-log.csv',
    { config: { access: 'user', guard: CONSENT } },
    async (request, reply) => {
      const { unitId, where, params } = logSelection(request);
      const total = await countLog(where, params);
      const unit = await unitName(db, unitId);
      return sendCsv(
        reply,
        { name: exportFileName([unit, 'access-log'], new Date(clock())), totalRows: total },
        LOG_COLUMNS,
        (limit, offset) => selectLog(where, params, limit, offset),
      );
    },
  );
}

interface LogRow {
  id: string | number;
  at: string;
  user_name: string;
  provider_id: number | null;
  provider_name: string;
  category: string;
  what: string;
  action: AccessLogEntry['action'];
}

/** The farm's choice from a request body, checked: 406 naming what is wrong. */
function changeOf(body: unknown, today: string): { shared: boolean; until: string | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('Send {"shared": true or false, "until": "YYYY-MM-DD" or null}.');
  const { shared, until } = body as Partial<ConsentChange> & Record<string, unknown>;
  const errors = fieldErrorMap();
  if (typeof shared !== 'boolean') errors.shared = ['must be true or false'];
  let last: string | null = null;
  if (until !== undefined && until !== null) {
    if (typeof until !== 'string' || !ISO_DAY.test(until) || Number.isNaN(Date.parse(until)))
      errors.until = ['must be a date (YYYY-MM-DD)'];
    else if (shared === false) errors.until = ['can only be set when sharing'];
    else if (until < today) errors.until = ['must be today or later'];
    else last = until;
  }
  if (Object.keys(errors).length > 0) throw invalid('The choice cannot be saved as it is.', errors);
  return { shared: shared === true, until: last };
}
