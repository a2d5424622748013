import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomerInsights, InsightsKpi, SupplierRow } from '../../shared/benchmarking/api.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import type { EnterpriseDeclaration } from '../../shared/benchmarking/declaration.ts';
import { CALCULATORS, isCalculatorName } from '../../shared/calc/index.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { exportFileName, sendCsv, type CsvColumn } from '../export/csv-export.ts';
import { forbidden } from '../accounts/access.ts';
import { badRequest } from '../http/errors.ts';
import { pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { statusCounts } from '../surveys/company-query.ts';
import { todayOf } from '../surveys/status.ts';
import { noteRead } from '../consent/access-log.ts';
import { enterpriseCategories } from '../consent/catalogue.ts';
import { unitsWithholding } from '../consent/store.ts';
import { currentVersion, type Survey } from '../surveys/definitions.ts';
import { sizeBandTitle, type Population, type PopulationUnit } from './population.ts';
import type { BenchmarkService } from './service.ts';
import { confidentialityNote, kpiInfo, periodTitleOf } from './view.ts';

interface Query {
  enterprise?: string;
  period?: string;
  page?: string;
  per_page?: string;
}

const guard: RouteGuard = { rule: 'customer-insights', scope: 'none' };

/**
 * GET /api/insights (and .csv): Customer Insights for company staff with `insights`, over the
 * units holding a plan of their own provider: each KPI's distribution among those suppliers and
 * in the comparison group (both through the confidential rules), the suppliers' own figures
 * (staff may see their suppliers' figures, as the units list already shows them those units),
 * survey completion and calculator uptake.
 */
export function registerInsightsRoutes(
  app: FastifyInstance,
  db: Db,
  service: BenchmarkService,
  surveys: ReadonlyMap<string, Survey>,
  clock: () => number = Date.now,
): void {
  const enterprisesOffered = () =>
    INSIGHTS.customerInsights.enterprises.flatMap((id) => {
      const e = service.enterprises.get(id);
      return e ? [e] : [];
    });

  /** The staff's provider, its enterprise populations and the chosen enterprise and period. */
  async function scope(request: FastifyRequest<{ Querystring: Query }>) {
    const { user } = authOf(request);
    const provider = user.provider;
    if (user.type !== 'company_employee' || !provider)
      throw forbidden('Customer Insights are for company staff.');
    const offered = enterprisesOffered();
    const populations = await Promise.all(offered.map((e) => service.population(e)));
    // By farm, then unit: the order of the page and of the file.
    const suppliersOf = (p: Population) =>
      [...p.units.values()]
        .filter((u) => u.providers.includes(provider.reference))
        .sort((a, b) => a.farm.localeCompare(b.farm) || a.name.localeCompare(b.name));
    const counts = offered.map((e, i) => ({
      enterprise: e,
      population: populations[i] as Population,
      suppliers: suppliersOf(populations[i] as Population),
    }));
    const asked = request.query.enterprise;
    if (asked !== undefined && !counts.some((c) => c.enterprise.id === asked))
      throw badRequest(`enterprise must be one of ${offered.map((e) => e.id).join(', ')}.`, {
        enterprise: [`must be one of ${offered.map((e) => e.id).join(', ')}`],
      });
    const chosen =
      counts.find((c) => c.enterprise.id === asked) ??
      counts.find((c) => c.suppliers.length > 0) ??
      counts[0];
    if (!chosen) throw new Error('config/benchmarking/insights.json names no enterprise');
    const periods = [...chosen.population.periods];
    const period = request.query.period ?? periods.at(-1) ?? '';
    if (request.query.period !== undefined && !periods.includes(request.query.period))
      throw badRequest(`period must be one of ${periods.join(', ') || 'none yet'}.`, {
        period: [`must be one of ${periods.join(', ') || 'none yet'}`],
      });
    // The suppliers whose farm withholds what the enterprise's figures are read from.
    const withheld = await unitsWithholding(
      db,
      chosen.suppliers.map((u) => u.id),
      provider.id,
      enterpriseCategories(chosen.enterprise),
      todayOf(clock),
    );
    return { provider, counts, ...chosen, periods, period, withheld };
  }

  /** Notes each supplier whose figures the answer shows, for its farm's access log. */
  const noteFigures = (
    request: FastifyRequest,
    enterprise: EnterpriseDeclaration,
    rows: readonly SupplierRow[],
    what: string,
  ) =>
    noteRead(
      request,
      ...rows
        .filter((r) => r.shared && Object.values(r.values).some((v) => v !== null))
        .map((r) => ({ unitId: r.unitId, categories: enterpriseCategories(enterprise), what })),
    );

  const supplierRow = (
    enterprise: EnterpriseDeclaration,
    unit: PopulationUnit,
    period: string,
    withheld: ReadonlySet<number>,
  ): SupplierRow => {
    const shared = !withheld.has(unit.id);
    const values = shared ? unit.values.get(period) : undefined;
    return {
      shared,
      unitId: unit.id,
      unit: unit.name,
      farmId: unit.farmId,
      farm: unit.farm,
      region: unit.region === null ? null : (service.rules.regions[unit.region]?.title ?? null),
      sizeBand: values?.complete === true ? sizeBandTitle(enterprise, values) : null,
      values: Object.fromEntries(
        enterprise.kpis.map((k) => {
          const id = kpiInfo(enterprise, k).id;
          return [id, values?.complete === true ? (values.kpis[id] ?? null) : null];
        }),
      ),
    };
  };

  app.get<{ Querystring: Query }>(
    '/insights',
    { config: { access: 'user', guard } },
    async (request) => {
      const s = await scope(request);
      const { enterprise, population, suppliers, periods, period, provider, withheld } = s;
      const comparisonId = INSIGHTS.customerInsights.comparison;
      const comparisonDeclared = enterprise.groups[comparisonId];
      const comparison = service.configuredGroup(
        enterprise,
        comparisonId,
        comparisonDeclared?.by ?? [],
        { region: null, sizeBand: null },
      );
      const supplierGroup = service.supplierGroup(provider.reference, withheld);
      const kpis: InsightsKpi[] = [];
      for (const kpi of enterprise.kpis) {
        const info = kpiInfo(enterprise, kpi);
        const supplierStats = [];
        const comparisonStats = [];
        for (const p of periods) {
          supplierStats.push({
            period: p,
            statistic: await service.statistic(population, supplierGroup, info, p),
          });
          comparisonStats.push({
            period: p,
            statistic: await service.statistic(population, comparison, info, p),
          });
        }
        kpis.push({ ...info, suppliers: supplierStats, comparison: comparisonStats });
      }

      const page = pageRequest(request.query);
      const shownRows = suppliers
        .slice(page.offset, page.offset + page.perPage)
        .map((u) => supplierRow(enterprise, u, period, withheld));
      noteFigures(request, enterprise, shownRows, 'Customer Insights');
      const { rows: providerRows } = await db.query<{ name: string }>(
        'select name from providers where id = $1',
        [provider.id],
      );
      const answer: CustomerInsights = {
        provider: { reference: provider.reference, name: providerRows[0]?.name ?? '' },
        enterprises: s.counts.map((c) => ({
          id: c.enterprise.id,
          title: c.enterprise.title,
          units: c.suppliers.length,
        })),
        enterprise: { id: enterprise.id, title: enterprise.title },
        periods,
        period,
        periodTitle: periodTitleOf(enterprise),
        comparison: {
          id: comparisonId,
          title: comparisonDeclared?.title ?? comparisonId,
          description: [enterprise.title, 'all regions', period].join(' · '),
        },
        suppliers: {
          id: supplierGroup.id,
          title: `Your supplying ${enterprise.title.toLowerCase()} farms`,
          description: [enterprise.title, providerRows[0]?.name ?? provider.reference, period].join(
            ' · ',
          ),
        },
        kpis,
        units: shownRows,
        page: page.page,
        per_page: page.perPage,
        total_records: suppliers.length,
        uptake: await uptake(
          provider,
          suppliers.filter((u) => !withheld.has(u.id)),
        ),
        confidentiality: confidentialityNote(service.rules),
        computedAt: population.computedAt,
      };
      return ok(answer);
    },
  );

  // One row per supplying unit with each KPI of the chosen period, for a spreadsheet.
  app.get<{ Querystring: Query }>(
    '/insights.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { enterprise, suppliers, period, provider, withheld } = await scope(request);
      const rows = suppliers.map((u) => supplierRow(enterprise, u, period, withheld));
      noteFigures(request, enterprise, rows, 'Customer Insights: the suppliers file');
      const columns: CsvColumn<SupplierRow>[] = [
        { title: 'Farm', value: (r) => r.farm },
        { title: 'Unit', value: (r) => r.unit },
        { title: 'Region', value: (r) => r.region },
        { title: `${enterprise.size.title} band`, value: (r) => r.sizeBand },
        { title: periodTitleOf(enterprise), value: () => period },
        ...enterprise.kpis.map((k): CsvColumn<SupplierRow> => {
          const info = kpiInfo(enterprise, k);
          return {
            title: info.unit === '' ? info.title : `${info.title} (${info.unit})`,
            value: (r) => r.values[info.id] ?? null,
          };
        }),
      ];
      return sendCsv(
        reply,
        {
          name: exportFileName(
            [provider.reference, 'insights', enterprise.id, period],
            new Date(clock()),
          ),
          totalRows: rows.length,
        },
        columns,
        async (limit, offset) => rows.slice(offset, offset + limit),
      );
    },
  );

  /** Survey completion and calculator uptake across the supplying units. */
  async function uptake(
    provider: { id: number; reference: string },
    suppliers: readonly PopulationUnit[],
  ): Promise<CustomerInsights['uptake']> {
    const today = new Date(clock()).toISOString().slice(0, 10);
    const own = [...surveys.values()].filter(
      (s) => currentVersion(s).file.provider === provider.reference,
    );
    const surveyRows = [];
    for (const survey of own) {
      const counts = await statusCounts(db, survey, provider.id, today);
      surveyRows.push({
        id: survey.id,
        title: currentVersion(survey).file.title,
        addressed: counts.targeted,
        submitted: counts.submitted + counts.accepted,
      });
    }
    const { rows } = await db.query<{ calculator: string; units: number }>(
      `select calculator, count(distinct unit_id)::int as units from calculations
       where role = 'baseline' and unit_id = any($1::int[]) group by calculator order by calculator`,
      [suppliers.map((u) => u.id)],
    );
    return {
      suppliers: suppliers.length,
      surveys: surveyRows,
      calculators: rows.map((r) => ({
        calculator: r.calculator,
        title: isCalculatorName(r.calculator) ? CALCULATORS[r.calculator].title : r.calculator,
        units: r.units,
      })),
    };
  }
}
