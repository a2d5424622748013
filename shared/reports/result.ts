/**
 * A report's answer (GET /api/units/{unit}/reports/{id}, docs/openapi.yaml): every figure with
 * its unit and decimals, a missing one null. Periods are keys: "2026-03" (month), "2026" (year,
 * season); rows' other dimensions are the records' own values.
 */
import type { ChartKind, Grain } from './declaration.ts';

export interface ReportFigure {
  value: number | null;
  unit: string;
  decimals: number;
}

export interface ReportHeadline extends ReportFigure {
  id: string;
  title: string;
  /** The oldest and newest periods with records that the figure covers; null without any. */
  from: string | null;
  to: string | null;
  /** Periods with records, and periods from `from` to `to`. */
  recorded: number;
  spanned: number;
}

export interface ReportColumn {
  key: string;
  title: string;
  unit: string;
  decimals: number;
}

export interface ReportRow {
  /** The row's dimensions joined: unique in its table. */
  key: string;
  /** One per table dimension: a period key or a field's value ("" when a record has none). */
  dimensions: string[];
  /** One per column. */
  values: (number | null)[];
}

export interface ReportTable {
  id: string;
  title: string;
  /** "period" or a field name, for each dimension. */
  dimensions: { key: string; title: string }[];
  columns: ReportColumn[];
  rows: ReportRow[];
  /** On paper: A4 portrait, or landscape for a table too wide for it. */
  print: 'portrait' | 'landscape';
}

export interface ReportSeries {
  name: string;
  values: (number | null)[];
  style?: 'actual' | 'forecast' | 'baseline' | 'scenario';
}

export interface ReportChart {
  kind: ChartKind;
  title: string;
  unit: string;
  decimals: number;
  /** Period keys, oldest first. */
  categories: string[];
  series: ReportSeries[];
}

export interface ReportCheckRow {
  period: string;
  computed: number | null;
  entered: number | null;
  /** Entered less computed; null when either is missing. */
  difference: number | null;
  flagged: boolean;
}

export interface ReportCheck {
  title: string;
  unit: string;
  decimals: number;
  computedTitle: string;
  enteredTitle: string;
  rows: ReportCheckRow[];
}

export interface ReportList {
  id: string;
  title: string;
  /** The day the list is of (yyyy-MM-dd): the last day shown, or today if sooner. */
  day: string;
  columns: { key: string; title: string; kind: 'date' | 'text' }[];
  /** Cells in the order of the columns; dates yyyy-MM-dd. */
  rows: { key: string; cells: string[] }[];
}

export interface ReportResult {
  id: string;
  title: string;
  description: string;
  grain: Grain;
  /** The periods asked for (or the default ones), oldest to newest. */
  range: { from: string; to: string };
  /** Each record type read and how many of its records the report counted. */
  sources: { recordType: string; records: number }[];
  /** True when no record of any type was counted: the portal says which records to enter. */
  empty: boolean;
  headlines: ReportHeadline[];
  tables: ReportTable[];
  charts: ReportChart[];
  checks: ReportCheck[];
  lists: ReportList[];
}
