/**
 * A report as config/reports/<id>.json declares it (schemas/report.schema.json): what it reads
 * of which record types, the measures it works out, and how it lays them out. Plain data: the
 * portal, the server and `npm run validate:config` all read the same declarations.
 */
import type { Condition } from '../access/conditions.ts';

/** How records fall into periods: calendar months, calendar years, or harvest seasons (years). */
export type Grain = 'month' | 'year' | 'season';

/** How a measure combines the values of the records in a group (aggregates.ts). */
export type AggregateName =
  'sum' | 'mean' | 'weighted-mean' | 'first' | 'last' | 'count' | 'min' | 'max';

/**
 * One record type the report reads. `period` names the date field that puts a record in a
 * period; without one, every record counts in every period (animals, a medicine cabinet), and
 * computations work out what each period holds. With grain "season", a record without its
 * `period` date falls back to the `fallback` date, whose season is the next year's from the month
 * `nextSeasonFromMonth` on (crops drilled from August are harvested the next year).
 */
export interface SourceDeclaration {
  period?: string;
  fallback?: string;
  nextSeasonFromMonth?: number;
}

interface MeasureBase {
  title: string;
  /** Shown beside the figure: "l", "£", "%", "t/ha"; "" for a plain count. */
  unit: string;
  decimals: number;
  description?: string;
}

/** A field's values aggregated over the records of a group. */
export interface FieldMeasure extends MeasureBase {
  source: string;
  aggregate: AggregateName;
  /** The field aggregated; only "count" may go without one (it counts records). */
  field?: string;
  /** For "weighted-mean" the weight; for "sum", a field each value is multiplied by first. */
  weight?: string;
}

/** Worked out from other measures of the same group (formula.ts). */
export interface FormulaMeasure extends MeasureBase {
  formula: string;
}

/** One output of a named computation (computations.ts) the report sets up. */
export interface ComputedMeasure extends MeasureBase {
  computed: string;
  output: string;
}

export type MeasureDeclaration = FieldMeasure | FormulaMeasure | ComputedMeasure;

/** A named computation of the registry, with the fields of the source that play its roles. */
export interface ComputationDeclaration {
  use: string;
  source: string;
  fields: Readonly<Record<string, string>>;
  options?: Readonly<Record<string, readonly string[]>>;
}

/**
 * A table: a row for each group of `rows` ("period", or a field of the sources, such as crop),
 * a column for each measure.
 */
export interface TableDeclaration {
  id: string;
  title: string;
  rows: readonly string[];
  /** The rows' titles, for each of `rows`: "Month", "Crop". */
  rowTitles: readonly string[];
  columns: readonly string[];
  order?: 'newest-first' | 'oldest-first';
  /** On paper: A4 portrait (the default), or landscape for a table too wide for it. */
  print?: 'portrait' | 'landscape';
}

export type ChartKind = 'line' | 'grouped-bars' | 'stacked-bars';

/**
 * A chart over the periods: a series for each of `measures` (all in one unit), or for one
 * measure a series for each value of the field `seriesBy` (head by sex).
 */
export interface ChartDeclaration {
  kind: ChartKind;
  title: string;
  measures: readonly string[];
  seriesBy?: string;
  /** The style of each measure's series: forecast lines dashed, actuals solid. */
  styles?: Readonly<Record<string, 'actual' | 'forecast' | 'baseline' | 'scenario'>>;
}

/**
 * A headline figure: a measure's values over the last `periods` periods (all, without it),
 * combined `across` them; or a formula over other headlines, by their ids.
 */
export type HeadlineDeclaration =
  | {
      id: string;
      title: string;
      measure: string;
      across: AggregateName;
      weight?: string;
      periods?: number;
    }
  | { id: string; title: string; formula: string; unit: string; decimals: number };

/** A figure as entered beside the same figure worked out; a difference beyond `tolerance` is flagged. */
export interface CheckDeclaration {
  title: string;
  computed: string;
  entered: string;
  tolerance: number;
}

/** What a computation of the report lists on the last day shown (or today, if sooner). */
export interface ListDeclaration {
  id: string;
  title: string;
  computed: string;
}

export interface ReportDeclaration {
  id: string;
  title: string;
  description: string;
  /** When the report is offered: its rule, report:<id> (shared/access/rule-book.ts). */
  condition: Condition;
  grain: Grain;
  /** Periods shown when none are asked for, ending with the newest recorded. */
  defaultPeriods: number;
  sources: Readonly<Record<string, SourceDeclaration>>;
  computations?: Readonly<Record<string, ComputationDeclaration>>;
  measures: Readonly<Record<string, MeasureDeclaration>>;
  headlines?: readonly HeadlineDeclaration[];
  tables: readonly TableDeclaration[];
  charts?: readonly ChartDeclaration[];
  checks?: readonly CheckDeclaration[];
  lists?: readonly ListDeclaration[];
}

export const isFieldMeasure = (m: MeasureDeclaration): m is FieldMeasure => 'aggregate' in m;
export const isFormulaMeasure = (m: MeasureDeclaration): m is FormulaMeasure => 'formula' in m;
export const isComputedMeasure = (m: MeasureDeclaration): m is ComputedMeasure => 'computed' in m;

/** The rule that guards a report's screen and endpoint, as routes name it. */
export const reportRule = (id: string) => `report:${id}`;
