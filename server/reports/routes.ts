import type { FastifyInstance, FastifyRequest } from 'fastify';
import { computeReport, defaultRange, newestPeriodOf } from '../../shared/reports/compute.ts';
import { reportRule, type ReportDeclaration } from '../../shared/reports/declaration.ts';
import { isPeriodKey, periodOfDate, periodsBetween } from '../../shared/reports/periods.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { exportFileName, sendCsv, type CsvColumn } from '../export/csv-export.ts';
import { unitName } from '../export/unit-name.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { FLAT_COLUMNS, flatRows, type FlatRow } from '../../shared/reports/flat-rows.ts';
import type { ReportResult } from '../../shared/reports/result.ts';
import { newestDates, readReportRecords } from './read-records.ts';

interface ReportParams {
  unitId: string;
  id: string;
}

interface ReportQuery {
  from?: string;
  to?: string;
  plan?: string;
}

/** The most periods one answer covers: ten years of months. */
const MAX_PERIODS = 120;

/**
 * GET /api/units/{unitId}/reports/{id}: a report of config/reports/ worked out by shared/reports
 * from the unit's records. Open where the report's rule (report:<id>, its "condition") holds on
 * the unit, as its route and menu entry are; with `plan`, where it holds with that plan.
 */
export function registerReportRoutes(
  app: FastifyInstance,
  db: Db,
  reports: ReadonlyMap<string, ReportDeclaration>,
  access: AccessRules,
  clock: () => number = Date.now,
): void {
  const guard: RouteGuard = {
    rule: (request) => {
      const { id } = request.params as { id?: string };
      return id !== undefined && reports.has(id) ? reportRule(id) : undefined;
    },
    scope: 'unit',
  };

  /** The report the request names, worked out for its unit, periods and plan. */
  async function worked(
    request: FastifyRequest<{ Params: ReportParams; Querystring: ReportQuery }>,
  ): Promise<{ unitId: number; result: ReportResult }> {
    const unitId = positiveId(request.params.unitId, 'unitId');
    const report = reports.get(request.params.id);
    if (!report) throw notFound(`There is no report "${request.params.id}".`);
    const { from, to, plan } = request.query;
    if (plan !== undefined) {
      await access.require(authOf(request).user, reportRule(report.id), {
        unitId,
        planId: positiveId(plan, 'plan'),
      });
    }
    const range = await rangeOf(report, unitId, from, to);
    const records = await readReportRecords(db, unitId, report, range);
    const today = new Date(clock()).toISOString().slice(0, 10);
    return { unitId, result: computeReport({ declaration: report, records, range, today }) };
  }

  app.get<{ Params: ReportParams; Querystring: ReportQuery }>(
    '/units/:unitId/reports/:id',
    { config: { access: 'user', guard } },
    async (request) => ok((await worked(request)).result),
  );

  // The same report as a file, one row per figure (shared/reports/flat-rows.ts): UTF-8 with a
  // byte order mark, ISO periods, as every export of the portal (server/export/csv-export.ts).
  app.get<{ Params: ReportParams; Querystring: ReportQuery }>(
    '/units/:unitId/reports/:id.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { unitId, result } = await worked(request);
      const rows = flatRows(result);
      const values: ((row: FlatRow) => string | number | null)[] = [
        (r) => r.part,
        (r) => r.period,
        (r) => r.group,
        (r) => r.figure,
        (r) => r.value,
        (r) => r.unit,
      ];
      const columns: CsvColumn<FlatRow>[] = FLAT_COLUMNS.map((title, i) => ({
        title,
        value: values[i] ?? (() => null),
      }));
      return sendCsv(
        reply,
        {
          name: exportFileName(
            [await unitName(db, unitId), result.id, `${result.range.from}-to-${result.range.to}`],
            new Date(clock()),
          ),
          totalRows: rows.length,
        },
        columns,
        async (limit, offset) => rows.slice(offset, offset + limit),
      );
    },
  );

  /** The range asked for, or the default periods up to the newest recorded (else today's). */
  async function rangeOf(
    report: ReportDeclaration,
    unitId: number,
    from: string | undefined,
    to: string | undefined,
  ): Promise<{ from: string; to: string }> {
    const form = report.grain === 'month' ? 'yyyy-MM (2026-03)' : 'yyyy (2026)';
    for (const [name, key] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (key !== undefined && !isPeriodKey(report.grain, key))
        throw badRequest(`${name} must be a period of this report: ${form}.`, {
          [name]: [`must be ${form}`],
        });
    }
    if (from !== undefined && to !== undefined) {
      const count = periodsBetween(report.grain, from, to).length;
      if (count === 0) throw badRequest('from must not be after to.', { from: ['is after to'] });
      if (count > MAX_PERIODS)
        throw badRequest(`A report covers at most ${String(MAX_PERIODS)} periods.`, {
          from: ['is too far before to'],
        });
      return { from, to };
    }
    let newest = to ?? null;
    if (newest === null) {
      const dates = await newestDates(db, unitId, report);
      const keys = [...dates.entries()]
        .map(([type, n]) => newestPeriodOf(report, report.sources[type] ?? {}, n))
        .filter((k): k is string => k !== null)
        .sort();
      newest =
        keys.at(-1) ?? periodOfDate(report.grain, new Date(clock()).toISOString().slice(0, 10));
    }
    if (newest === null) throw new Error('The server clock gave no date.');
    const range = defaultRange(report, newest);
    return from === undefined ? range : { from, to: range.to };
  }
}
