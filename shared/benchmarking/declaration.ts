/**
 * Benchmarking as config/benchmarking/ declares it (schemas/benchmarking-*.schema.json): the
 * confidentiality rules, the enterprises farms are benchmarked in with their KPIs and fixed
 * groups, and which providers offer the report. Plain data, read alike by the portal, the server
 * and `npm run validate:config`.
 */
import type { Condition } from '../access/conditions.ts';
import type {
  ComputationDeclaration,
  Grain,
  MeasureDeclaration,
  SourceDeclaration,
} from '../reports/declaration.ts';
import type { Better, ConfidentialityRules } from './confidential.ts';

export interface BenchmarkingRules extends ConfidentialityRules {
  /** How many periods trends show, ending with the newest. */
  years: number;
  sources: readonly { rule: string; source: string }[];
  regions: Readonly<Record<string, { title: string; counties: readonly string[] }>>;
}

/** A KPI worked out from records: a measure of the enterprise, optionally of some records only. */
export interface MeasureKpi {
  measure: string;
  id?: string;
  title?: string;
  /** Only the records with these values (a crop): the measure's row of that group. */
  where?: Readonly<Record<string, string>>;
  better: Better;
}

/** A KPI read from the unit's baseline of a calculator saved in the period. */
export interface CalculationKpi {
  id: string;
  title: string;
  unit: string;
  decimals: number;
  description?: string;
  calculation: string;
  total: string;
  better: Better;
}

export type KpiDeclaration = MeasureKpi | CalculationKpi;

export const isCalculationKpi = (kpi: KpiDeclaration): kpi is CalculationKpi =>
  'calculation' in kpi;

export type GroupDimension = 'region' | 'size';

export interface EnterpriseDeclaration {
  id: string;
  title: string;
  unitTypes: readonly string[];
  grain: Extract<Grain, 'year' | 'season'>;
  sources: Readonly<Record<string, SourceDeclaration>>;
  measures: Readonly<Record<string, MeasureDeclaration>>;
  computations?: Readonly<Record<string, ComputationDeclaration>>;
  complete: { measure: string; atLeast: number; text: string };
  size: {
    measure: string;
    title: string;
    bands: readonly { id: string; title: string; below?: number }[];
  };
  kpis: readonly KpiDeclaration[];
  groups: Readonly<Record<string, { title: string; by: readonly GroupDimension[] }>>;
}

/** One provider's benchmarking report for its farms: route, menu link and API from one entry. */
export interface BenchmarkDeclaration {
  provider: string;
  enterprise: string;
  title: string;
  /** Who may open it (names the provider's flag): the rule benchmark:<provider>. */
  condition: Condition;
  /** The menu link: the dropdown it goes in, narrowed by its own condition. */
  menu?: { dropdown: string; condition?: Condition };
  kpis: readonly string[];
  groups: readonly string[];
}

export interface InsightsFile {
  benchmarks: readonly BenchmarkDeclaration[];
  customerInsights: { enterprises: readonly string[]; comparison: string };
}

/** A KPI's id: its own, else its measure's name. */
export const kpiId = (kpi: KpiDeclaration): string =>
  isCalculationKpi(kpi) ? kpi.id : (kpi.id ?? kpi.measure);

/** What a KPI shows beside its figure, from its own declaration or its measure's. */
export function kpiDisplay(
  enterprise: EnterpriseDeclaration,
  kpi: KpiDeclaration,
): { id: string; title: string; unit: string; decimals: number; description?: string } {
  if (isCalculationKpi(kpi)) {
    const { id, title, unit, decimals, description } = kpi;
    return { id, title, unit, decimals, ...(description === undefined ? {} : { description }) };
  }
  const measure = enterprise.measures[kpi.measure];
  return {
    id: kpiId(kpi),
    title: kpi.title ?? measure?.title ?? kpi.measure,
    unit: measure?.unit ?? '',
    decimals: measure?.decimals ?? 0,
    ...(measure?.description === undefined ? {} : { description: measure.description }),
  };
}

/** The rule naming who may open a provider's benchmarking report: its route, menu link and API. */
export const benchmarkRule = (provider: string) => `benchmark:${provider}`;

/** The report's portal path, from the provider's reference (the spec's /{provider}-insights). */
export const benchmarkPath = (provider: string) => `/${provider.replaceAll('_', '-')}-insights`;
