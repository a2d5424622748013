/** Pieces both benchmarking answers share: KPI descriptions, the confidentiality note. */
import type { ConfidentialityNote, KpiInfo, Quarter } from '../../shared/benchmarking/api.ts';
import type { ReleasedStatistic } from '../../shared/benchmarking/confidential.ts';
import {
  kpiDisplay,
  kpiId,
  type BenchmarkingRules,
  type EnterpriseDeclaration,
  type KpiDeclaration,
} from '../../shared/benchmarking/declaration.ts';

export function kpiInfo(enterprise: EnterpriseDeclaration, kpi: KpiDeclaration): KpiInfo {
  return { ...kpiDisplay(enterprise, kpi), better: kpi.better };
}

/** The enterprise's KPIs named, in the order named; unknown names are left out. */
export const kpisNamed = (enterprise: EnterpriseDeclaration, ids: readonly string[]) =>
  ids.flatMap((id) => enterprise.kpis.filter((k) => kpiId(k) === id));

export const confidentialityNote = (rules: BenchmarkingRules): ConfidentialityNote => ({
  minGroupSize: Math.max(rules.minGroupSize, 5),
  dominance: rules.dominance,
  outlierIqr: rules.outlierIqr,
  bands: rules.bands,
  sources: rules.sources,
});

export const periodTitleOf = (enterprise: EnterpriseDeclaration) =>
  enterprise.grain === 'season' ? 'Harvest year' : 'Year';

/** The quarter of a released group a value falls in, best first. */
export function quarterOf(
  value: number,
  statistic: ReleasedStatistic,
  better: 'higher' | 'lower',
): Quarter {
  const { q1, median, q3 } = statistic;
  if (better === 'higher') {
    if (value >= q3) return 'top';
    if (value >= median) return 'second';
    return value >= q1 ? 'third' : 'bottom';
  }
  if (value <= q1) return 'top';
  if (value <= median) return 'second';
  return value <= q3 ? 'third' : 'bottom';
}
