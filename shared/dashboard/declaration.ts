/**
 * The dashboard as config/dashboard.json declares it (schemas/dashboard.schema.json): the key
 * figures of each enterprise, each a measure or headline of a report of config/reports/, so the
 * dashboard shows the reports' own numbers; the forecast pairs; the open actions' sources.
 */
import type { AggregateName, Grain } from '../reports/declaration.ts';

interface KpiBase {
  /** The card's title; a headline's own title when it has none. */
  title?: string;
  report: string;
  /** What the card says the figure is, for the screen reader and the tooltip-free reader. */
  description?: string;
}

/** A headline of the report, worked out over the dashboard's window instead of its own. */
export interface HeadlineKpi extends KpiBase {
  headline: string;
}

/** A measure of the report combined across the window's periods. */
export interface MeasureKpi extends KpiBase {
  title: string;
  measure: string;
  across: AggregateName;
  /** A measure of the report each period's value is weighted by ("weighted-mean"). */
  weight?: string;
  /** A field of the report's records: the figure again for each of its values (area by crop). */
  by?: string;
}

export type KpiDeclaration = HeadlineKpi | MeasureKpi;

export const isHeadlineKpi = (k: KpiDeclaration): k is HeadlineKpi => 'headline' in k;

/** Actual against forecast: two measures of a forecast report, for the current period. */
export interface ForecastDeclaration {
  report: string;
  title: string;
  actual: string;
  forecast: string;
}

export interface DashboardDeclaration {
  /** How many periods of each grain make "the last 12 months": 12 months, 1 year or season. */
  window: Readonly<Record<Grain, number>>;
  kpis: Readonly<Record<string, KpiDeclaration>>;
  /** The KPIs of each unit type, by its name as units carry it ("Dairy"), in card order. */
  enterprises: Readonly<Record<string, readonly string[]>>;
  forecasts: readonly ForecastDeclaration[];
  /** The open actions' sources, by their names in server/dashboard/action-sources.ts. */
  actions: readonly string[];
}
