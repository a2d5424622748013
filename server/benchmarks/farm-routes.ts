import type { FastifyInstance } from 'fastify';
import type {
  FarmBenchmark,
  FarmKpi,
  GroupFigure,
  GroupInfo,
} from '../../shared/benchmarking/api.ts';
import { benchmarkOf } from '../../shared/benchmarking/config.ts';
import { benchmarkRule } from '../../shared/benchmarking/declaration.ts';
import { sizeBandOf } from '../../shared/benchmarking/unit-values.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ok } from '../http/respond.ts';
import { sizeBandTitle } from './population.ts';
import type { BenchmarkService } from './service.ts';
import { confidentialityNote, kpiInfo, kpisNamed, periodTitleOf, quarterOf } from './view.ts';

interface Params {
  unitId: string;
  provider: string;
}

/**
 * GET /api/units/{unitId}/benchmarks/{provider}: the unit's KPIs against its fixed peer groups,
 * for a provider that offers its farms the report (config/benchmarking/insights.json). Open where
 * the report's rule benchmark:<provider> holds on the unit, as its route and menu link are. The
 * farm's own figures are its own; every group figure went through the confidential rules.
 */
export function registerFarmBenchmarkRoutes(
  app: FastifyInstance,
  db: Db,
  service: BenchmarkService,
): void {
  const guard: RouteGuard = {
    rule: (request) => {
      const { provider } = request.params as { provider?: string };
      return provider !== undefined && benchmarkOf(provider) ? benchmarkRule(provider) : undefined;
    },
    scope: 'unit',
  };

  app.get<{ Params: Params; Querystring: { period?: string } }>(
    '/units/:unitId/benchmarks/:provider',
    { config: { access: 'user', guard } },
    async (request) => {
      const unitId = positiveId(request.params.unitId, 'unitId');
      const report = benchmarkOf(request.params.provider);
      if (!report) throw notFound(`No benchmarking report for "${request.params.provider}".`);
      const enterprise = service.enterprises.get(report.enterprise);
      if (!enterprise) throw new Error(`No enterprise ${report.enterprise} for ${report.provider}`);

      const population = await service.population(enterprise);
      const own = await service.ownUnit(enterprise, unitId);
      if (!own)
        throw notFound(
          `This unit is not a ${enterprise.title.toLowerCase()} unit, so it has no ${enterprise.title.toLowerCase()} benchmark.`,
        );
      const periods = [...population.periods];
      // By default the newest period the farm itself is complete in, else the newest.
      const period =
        request.query.period ??
        periods.findLast((p) => own.values.get(p)?.complete === true) ??
        periods.at(-1);
      if (request.query.period !== undefined && !periods.includes(request.query.period))
        throw badRequest(`period must be one of ${periods.join(', ') || 'none yet'}.`, {
          period: [`must be one of ${periods.join(', ') || 'none yet'}`],
        });

      const { rows } = await db.query<{ name: string }>(
        'select name from providers where reference = $1',
        [report.provider],
      );
      const groupsOf = (p: string) => {
        const values = own.values.get(p);
        const anchor = {
          region: own.region,
          sizeBand: values?.complete === true ? sizeBandOf(enterprise, values.size) : null,
        };
        return report.groups.flatMap((id) => {
          const declared = enterprise.groups[id];
          if (!declared) return [];
          if (declared.by.includes('region') && anchor.region === null) return [];
          if (declared.by.includes('size') && anchor.sizeBand === null) return [];
          const words = [
            enterprise.title,
            ...(declared.by.includes('region') && anchor.region !== null
              ? [service.rules.regions[anchor.region]?.title ?? anchor.region]
              : []),
            ...(declared.by.includes('size')
              ? [enterprise.size.bands.find((b) => b.id === anchor.sizeBand)?.title ?? '']
              : []),
            p,
          ];
          const info: GroupInfo = { id, title: declared.title, description: words.join(' · ') };
          return [
            { info, selection: service.configuredGroup(enterprise, id, declared.by, anchor) },
          ];
        });
      };

      const kpis: FarmKpi[] = [];
      for (const kpi of kpisNamed(enterprise, report.kpis)) {
        const info = kpiInfo(enterprise, kpi);
        const groups: GroupFigure[] = [];
        for (const p of periods)
          for (const { info: group, selection } of groupsOf(p))
            groups.push({
              group: group.id,
              period: p,
              statistic: await service.statistic(population, selection, info, p),
            });
        const value = period === undefined ? null : (own.values.get(period)?.kpis[info.id] ?? null);
        const first = groups.find((g) => g.period === period && g.statistic.status === 'released');
        kpis.push({
          ...info,
          own: periods.map((p) => ({ period: p, value: own.values.get(p)?.kpis[info.id] ?? null })),
          groups,
          position:
            value !== null && first?.statistic.status === 'released'
              ? { group: first.group, quarter: quarterOf(value, first.statistic, info.better) }
              : null,
        });
      }

      const chosen = period === undefined ? undefined : own.values.get(period);
      const answer: FarmBenchmark = {
        provider: { reference: report.provider, name: rows[0]?.name ?? report.provider },
        title: report.title,
        enterprise: { id: enterprise.id, title: enterprise.title },
        unit: {
          id: own.id,
          name: own.name,
          region:
            own.region === null ? null : (service.rules.regions[own.region]?.title ?? own.region),
        },
        periods,
        period: period ?? '',
        periodTitle: periodTitleOf(enterprise),
        complete: enterprise.complete.text,
        ownComplete: chosen?.complete === true,
        sizeBand: chosen?.complete === true ? sizeBandTitle(enterprise, chosen) : null,
        groups: period === undefined ? [] : groupsOf(period).map((g) => g.info),
        kpis,
        confidentiality: confidentialityNote(service.rules),
        computedAt: population.computedAt,
      };
      return ok(answer);
    },
  );
}
