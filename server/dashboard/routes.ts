import type { FastifyInstance } from 'fastify';
import { flagsIn } from '../../shared/access/conditions.ts';
import { anchorPeriod, windowsOf } from '../../shared/dashboard/change.ts';
import type { DashboardDeclaration } from '../../shared/dashboard/declaration.ts';
import { computeForecast, forecastRange } from '../../shared/dashboard/forecasts.ts';
import { computeKpi } from '../../shared/dashboard/kpis.ts';
import type { DashboardResult } from '../../shared/dashboard/result.ts';
import { newestPeriodOf } from '../../shared/reports/compute.ts';
import { reportRule, type ReportDeclaration } from '../../shared/reports/declaration.ts';
import { positiveId } from '../accounts/access.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { newestDates } from '../reports/read-records.ts';
import type { Survey } from '../surveys/definitions.ts';
import { noteRead } from '../consent/access-log.ts';
import { ACTION_SOURCES } from './action-sources.ts';
import { readDashboardRecords, type ReadPlan } from './read.ts';

/**
 * GET /api/units/{unitId}/dashboard (plan optional): the key figures of the unit's enterprise
 * (config/dashboard.json) over the last 12 months and the 12 before, actual against forecast, and
 * open actions, all worked out by shared/reports from records each read once. A figure is shown
 * only where its report's rule (report:<id>) holds on the unit, with the plan when one is named,
 * exactly as the report's own route and endpoint are offered; one that does not is left out.
 */
export function registerDashboardRoutes(
  app: FastifyInstance,
  db: Db,
  dashboard: DashboardDeclaration,
  reports: ReadonlyMap<string, ReportDeclaration>,
  surveys: ReadonlyMap<string, Survey>,
  access: AccessRules,
  clock: () => number = Date.now,
): void {
  const rulesUsed = [
    ...[...reports.keys()].map(reportRule),
    ...dashboard.actions.flatMap((name) => ACTION_SOURCES[name]?.rule ?? []),
  ];

  app.get<{ Params: { unitId: string }; Querystring: { plan?: string } }>(
    '/units/:unitId/dashboard',
    {
      config: {
        access: 'user',
        // The unit must be the caller's to see (and the plan, when named); each figure and action
        // is then shown only where its own rule holds, evaluated below for this unit and plan.
        guard: {
          ownAccount:
            "the dashboard of a unit the caller may see, each part under its report's rule",
        },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const unitId = positiveId(request.params.unitId, 'unitId');
      const { plan } = request.query;
      const needs = new Set(rulesUsed.flatMap((rule) => flagsIn({ rule }, access.book.lookup)));
      const states = await access.states(
        user,
        { unitId, ...(plan === undefined ? {} : { planId: positiveId(plan, 'plan') }) },
        needs,
      );
      const allowed = (rule: string) => states.some(({ state }) => access.holds(rule, state));

      const unit = (
        await db.query<{ name: string; enterprise: string }>(
          `select un.name, ut.name as enterprise from units un
           join unit_types ut on ut.id = un.unit_type_id where un.id = $1`,
          [unitId],
        )
      ).rows[0];
      if (!unit) throw notFound(`Unit ${String(unitId)} does not exist.`);
      const today = new Date(clock()).toISOString().slice(0, 10);
      const offered = (id: string) => {
        const report = reports.get(id);
        return report && allowed(reportRule(id)) ? report : undefined;
      };

      const kpis = (dashboard.enterprises[unit.enterprise] ?? []).flatMap((id) => {
        const kpi = dashboard.kpis[id];
        const report = kpi ? offered(kpi.report) : undefined;
        return kpi && report ? [{ id, kpi, report }] : [];
      });
      const forecasts = dashboard.forecasts.flatMap((forecast) => {
        const report = offered(forecast.report);
        return report ? [{ forecast, report }] : [];
      });

      // Each report's windows end with its newest recorded period, never after today's.
      const anchors = new Map<string, string>();
      for (const { report } of [...kpis, ...forecasts]) {
        if (anchors.has(report.id)) continue;
        const newest = [...(await newestDates(db, unitId, report)).entries()]
          .map(([type, n]) => newestPeriodOf(report, report.sources[type] ?? {}, n))
          .filter((k): k is string => k !== null)
          .sort()
          .at(-1);
        anchors.set(report.id, anchorPeriod(report.grain, newest ?? null, today));
      }
      const anchorOf = (report: ReportDeclaration) =>
        anchors.get(report.id) ?? anchorPeriod(report.grain, null, today);
      const sizeOf = (report: ReportDeclaration) => dashboard.window[report.grain];

      const plans: ReadPlan[] = [
        ...kpis.map(({ kpi, report }) => ({
          report,
          range: windowsOf(report.grain, anchorOf(report), sizeOf(report)).both,
          extra: 'by' in kpi && kpi.by !== undefined ? [kpi.by] : [],
        })),
        ...forecasts.map(({ report }) => ({
          report,
          range: forecastRange(report, anchorOf(report), sizeOf(report)),
        })),
      ];
      const records = await readDashboardRecords(db, unitId, plans);

      const result: DashboardResult = {
        unit: { id: unitId, name: unit.name, enterprise: unit.enterprise },
        today,
        kpis: kpis.map(({ id, kpi, report }) =>
          computeKpi({
            id,
            kpi,
            report,
            records,
            anchor: anchorOf(report),
            size: sizeOf(report),
          }),
        ),
        forecasts: forecasts.map(({ forecast, report }) =>
          computeForecast({
            forecast,
            report,
            records,
            anchor: anchorOf(report),
            lookBack: sizeOf(report),
          }),
        ),
        actions: [],
        actionSources: [],
      };
      for (const name of dashboard.actions) {
        const source = ACTION_SOURCES[name];
        if (!source || !allowed(source.rule)) continue;
        result.actionSources.push({ id: name, title: source.title, empty: source.empty });
        const planIds = states.flatMap(({ state, plan: p }) =>
          p !== null && access.holds(source.rule, state) ? [p.id] : [],
        );
        result.actions.push(
          ...(await source.read({ db, unitId, today, reports, surveys, planIds })),
        );
      }
      result.actions.sort((a, b) => a.due.localeCompare(b.due));
      const rulesRead = [
        ...new Set([
          ...[...kpis, ...forecasts].map(({ report }) => reportRule(report.id)),
          ...result.actionSources.flatMap(({ id }) => ACTION_SOURCES[id]?.rule ?? []),
        ]),
      ];
      noteRead(request, {
        unitId,
        categories: [...new Set(rulesRead.flatMap((rule) => access.consent.categoriesOf(rule)))],
        what: 'Current Unit Dashboard',
      });
      return ok(result);
    },
  );
}
