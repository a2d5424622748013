/**
 * The dashboard's answer (GET /api/units/{unit}/dashboard, docs/openapi.yaml): key figures with
 * the year before, forecast against actual, and open actions. A missing figure is null, never 0.
 */
import type { Grain } from '../reports/declaration.ts';

/** A figure over a window of periods, as a report's headline gives it. */
export interface KpiWindow {
  value: number | null;
  /** The window's periods, both included: "2025-12" to "2026-11", or one year "2026". */
  from: string;
  to: string;
  /** Periods of the window with records. */
  recorded: number;
  /** Periods in the window. */
  periods: number;
}

/** The change from the window before to the latest: null where either figure is missing. */
export interface KpiChange {
  absolute: number | null;
  /** Per cent of the earlier figure; null when that is 0 or missing. */
  percent: number | null;
}

export interface KpiBreakdown {
  /** The value of the `by` field ("Winter wheat"); "" for records without one. */
  label: string;
  current: KpiWindow;
  previous: KpiWindow;
  change: KpiChange;
}

export interface DashboardKpi {
  id: string;
  title: string;
  description: string | null;
  unit: string;
  decimals: number;
  report: { id: string; title: string };
  grain: Grain;
  current: KpiWindow;
  previous: KpiWindow;
  change: KpiChange;
  breakdown: KpiBreakdown[];
  /** The record types the figure comes from: where to enter them when there are none. */
  recordTypes: string[];
}

export interface DashboardForecast {
  title: string;
  report: { id: string; title: string };
  grain: Grain;
  /** The newest period recorded up to today with an actual figure (else that period). */
  period: string;
  unit: string;
  decimals: number;
  actual: number | null;
  forecast: number | null;
  /** Actual less forecast, and as a per cent of the forecast. */
  difference: KpiChange;
  recordTypes: string[];
}

export interface DashboardAction {
  /** The action source it comes from ("medicine-withdrawals"). */
  source: string;
  title: string;
  detail: string;
  /** The day it ends or is due, yyyy-MM-dd. */
  due: string;
  /** What the day is: "Ends" (a withdrawal) or "Due" (a survey); "Ends" when absent. */
  dueLabel?: string;
  /** The record it comes from, for a link to its list ("" and 0 when it is not a record). */
  recordType: string;
  recordId: number;
  /** The portal page it opens, when it is not a record's list (a survey's wizard). */
  path?: string;
}

export interface DashboardResult {
  unit: { id: number; name: string; enterprise: string };
  /** Today on the server, yyyy-MM-dd: the windows end with it at the latest. */
  today: string;
  kpis: DashboardKpi[];
  forecasts: DashboardForecast[];
  actions: DashboardAction[];
  /** Each action source offered here, with what it lists (shown even with nothing open). */
  actionSources: { id: string; title: string; empty: string }[];
}

/** Company staff with no unit chosen: the units they may open and their newest changes. */
export interface DashboardOverview {
  units: number;
  activity: {
    unit_id: number;
    unit_name: string;
    farm_name: string;
    record_type: string;
    record_title: string;
    updated_at: string;
  }[];
}
