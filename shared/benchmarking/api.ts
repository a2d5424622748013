/**
 * The benchmarking API (docs/openapi.yaml): a farm's KPIs against its fixed peer groups
 * (GET /api/units/{unitId}/benchmarks/{provider}) and a provider's staff's Customer Insights
 * (GET /api/insights). Every group figure has been through shared/benchmarking/confidential.ts
 * on the server: a suppressed one carries only why, never a number.
 */
import type { Better, GroupStatistic, SuppressionReason } from './confidential.ts';

export type { Better, GroupStatistic, SuppressionReason };
export type { ReleasedStatistic, SuppressedStatistic } from './confidential.ts';

/** What a KPI is and how to show it. */
export interface KpiInfo {
  id: string;
  title: string;
  unit: string;
  decimals: number;
  better: Better;
  description?: string;
}

/** The confidentiality rules in force, for the page's "how we keep figures confidential". */
export interface ConfidentialityNote {
  minGroupSize: number;
  dominance: { top: number; percent: number };
  outlierIqr: number;
  bands: readonly { from: number; label: string }[];
  sources: readonly { rule: string; source: string }[];
}

/** One fixed group as it applies to the unit or provider: "Dairy farms in North of England". */
export interface GroupInfo {
  id: string;
  title: string;
  /** What the group is, in words: "Dairy · North of England · 100–199 cows · 2025". */
  description: string;
}

/** A group's statistic of one KPI in one period. */
export interface GroupFigure {
  group: string;
  period: string;
  statistic: GroupStatistic;
}

/** Where a farm's value falls in a released group: by quarter, best first. */
export type Quarter = 'top' | 'second' | 'third' | 'bottom';

export interface FarmKpi extends KpiInfo {
  /** The farm's own value in each period (oldest first); null where it has none. */
  own: { period: string; value: number | null }[];
  /** Each group's statistic, for each period the farm belongs to the group in. */
  groups: GroupFigure[];
  /** In the chosen period, the farm's quarter of its first released group; null if none. */
  position: { group: string; quarter: Quarter } | null;
}

/** GET /api/units/{unitId}/benchmarks/{provider}?period= */
export interface FarmBenchmark {
  provider: { reference: string; name: string };
  title: string;
  enterprise: { id: string; title: string };
  unit: { id: number; name: string; region: string | null };
  /**
   * The periods offered, oldest first; `period` is the one chosen (default: the newest the farm
   * is complete in, else the newest).
   */
  periods: string[];
  period: string;
  /** "Year" or "Harvest year". */
  periodTitle: string;
  /** When a period counts for a farm: "a year counts once all 12 months are recorded". */
  complete: string;
  /** Whether the farm's chosen period is complete; when not, it is in no group that period. */
  ownComplete: boolean;
  /** The farm's size band in the chosen period, e.g. "100–199 cows"; null when unknown. */
  sizeBand: string | null;
  /** The unit's groups in the chosen period, in the config's order. */
  groups: GroupInfo[];
  kpis: FarmKpi[];
  confidentiality: ConfidentialityNote;
  /** When the group figures were worked out (they are refreshed every few minutes). */
  computedAt: string;
}

/** A supplying unit's own figures, for its provider's staff. */
export interface SupplierRow {
  unitId: number;
  unit: string;
  /** The unit's farm, to open it as Select Farm does. */
  farmId: number;
  farm: string;
  region: string | null;
  sizeBand: string | null;
  /** Each KPI's value in the chosen period, by KPI id; null where the unit has none. */
  values: Record<string, number | null>;
  /**
   * Whether the farm shares these figures with the provider (issue 20 point 3); when it does not,
   * the size band and every value are null.
   */
  shared: boolean;
}

export interface InsightsKpi extends KpiInfo {
  /** The suppliers' group and the comparison group, in each period (oldest first). */
  suppliers: { period: string; statistic: GroupStatistic }[];
  comparison: { period: string; statistic: GroupStatistic }[];
}

/** GET /api/insights?enterprise=&period= (and .csv: one row per supplying unit). */
export interface CustomerInsights {
  provider: { reference: string; name: string };
  /** The enterprises the provider has supplying units in; `enterprise` the one shown. */
  enterprises: { id: string; title: string; units: number }[];
  enterprise: { id: string; title: string };
  periods: string[];
  period: string;
  periodTitle: string;
  /** The comparison group's title: "All dairy farms". */
  comparison: GroupInfo;
  /** The provider's supplying units' group: "Your supplying dairy farms". */
  suppliers: GroupInfo;
  kpis: InsightsKpi[];
  /** The supplying units with their figures (paged: page, per_page, total_records). */
  units: SupplierRow[];
  page: number;
  per_page: number;
  total_records: number;
  /** Survey completion and calculator uptake across the provider's supplying units. */
  uptake: {
    suppliers: number;
    surveys: { id: string; title: string; addressed: number; submitted: number }[];
    calculators: { calculator: string; title: string; units: number }[];
  };
  confidentiality: ConfidentialityNote;
  computedAt: string;
}

const SUPPRESSED_TEXT: Readonly<Record<SuppressionReason, (min: string) => string>> = {
  'too-few': (min) => `Not shown: fewer than ${min} farms`,
  dominance: () => 'Not shown: one or two farms make up most of this group',
  differencing: (min) =>
    `Not shown: this group differs from one already published by fewer than ${min} farms`,
};

/** How a suppressed statistic reads on screen: "fewer than 20 farms", never 0 or blank. */
export const suppressedText = (statistic: { reason: SuppressionReason; minGroupSize: number }) =>
  SUPPRESSED_TEXT[statistic.reason](String(statistic.minGroupSize));
