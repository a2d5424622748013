/**
 * Benchmark figures as the API gives them: the enterprise populations (read at most every few
 * minutes per server, as the records behind them change slowly), the fixed groups a unit or a
 * provider's suppliers form in a period, and every group statistic through the confidential
 * rules with the release log in the database. No figure of a group leaves the server another way.
 */
import {
  groupStatistic,
  type Better,
  type GroupStatistic,
} from '../../shared/benchmarking/confidential.ts';
import type {
  BenchmarkingRules,
  EnterpriseDeclaration,
  GroupDimension,
} from '../../shared/benchmarking/declaration.ts';
import { sizeBandOf } from '../../shared/benchmarking/unit-values.ts';
import type { Db } from '../db/index.ts';
import { readPopulation, type Population, type PopulationUnit } from './population.ts';
import { withReleaseLog } from './release-log.ts';

/** How long a server keeps an enterprise's population before reading it again. */
export const POPULATION_TTL_MS = 5 * 60_000;

/** Where a group is anchored: the region and size band its members share. */
export interface Anchor {
  region: string | null;
  sizeBand: string | null;
}

/** A fixed group in one period: which units belong. */
export interface GroupSelection {
  /** Unique per enterprise: "region-size" or "provider:moorland_vale". */
  id: string;
  member: (unit: PopulationUnit, period: string) => boolean;
}

export class BenchmarkService {
  private readonly cache = new Map<string, { at: number; population: Promise<Population> }>();

  constructor(
    private readonly db: Db,
    readonly rules: BenchmarkingRules,
    readonly enterprises: ReadonlyMap<string, EnterpriseDeclaration>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The enterprise's population, read again once POPULATION_TTL_MS has passed. */
  population(enterprise: EnterpriseDeclaration): Promise<Population> {
    const now = this.clock();
    const cached = this.cache.get(enterprise.id);
    if (cached && now - cached.at < POPULATION_TTL_MS) return cached.population;
    const population = readPopulation(this.db, enterprise, this.rules, new Date(now));
    // A failed read is not kept: the next request tries again.
    population.catch(() => this.cache.delete(enterprise.id));
    this.cache.set(enterprise.id, { at: now, population });
    return population;
  }

  /** One unit's own values, read now (a farm sees its latest records at once). */
  async ownUnit(enterprise: EnterpriseDeclaration, unitId: number) {
    const own = await readPopulation(
      this.db,
      enterprise,
      this.rules,
      new Date(this.clock()),
      unitId,
    );
    return own.units.get(unitId);
  }

  /** A unit is in an enterprise group of a period only with a complete period. */
  configuredGroup(
    enterprise: EnterpriseDeclaration,
    id: string,
    by: readonly GroupDimension[],
    anchor: Anchor,
  ): GroupSelection {
    return {
      id,
      member: (unit, period) => {
        const values = unit.values.get(period);
        if (values?.complete !== true) return false;
        if (by.includes('region') && unit.region !== anchor.region) return false;
        if (by.includes('size') && sizeBandOf(enterprise, values.size) !== anchor.sizeBand)
          return false;
        return true;
      },
    };
  }

  /** The units holding a plan of the provider, with a complete period. */
  /**
   * A provider's supplying units; those whose farm withholds the figures from the provider
   * (issue 20 point 3) are left out, as the release log then sees (a group that changed by a few
   * farms is suppressed rather than let a difference reveal one).
   */
  supplierGroup(provider: string, withheld: ReadonlySet<number> = new Set()): GroupSelection {
    return {
      id: `provider:${provider}`,
      member: (unit, period) =>
        unit.values.get(period)?.complete === true &&
        unit.providers.includes(provider) &&
        !withheld.has(unit.id),
    };
  }

  /** A group's statistic of one KPI in one period, released only under every rule. */
  async statistic(
    population: Population,
    group: GroupSelection,
    kpi: { id: string; better: Better },
    period: string,
  ): Promise<GroupStatistic> {
    const contributions = [...population.units.values()].flatMap((unit) => {
      if (!group.member(unit, period)) return [];
      const value = unit.values.get(period)?.kpis[kpi.id];
      return value === null || value === undefined ? [] : [{ member: unit.id, value }];
    });
    return withReleaseLog(this.db, `${population.enterprise.id}/${kpi.id}`, period, (log) =>
      groupStatistic(contributions, kpi.better, this.rules, log),
    );
  }
}
