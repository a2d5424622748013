/**
 * What each report reads of the unit's records: the record type (config/records/<type>.json), the
 * fields, each with the JSON type the report's arithmetic expects, and the field it takes the
 * newest records by. The reports read record fields only through these declarations, so each
 * field's name is written here once; `npm run validate:config` checks every declaration against
 * its record type (scripts/lib/code-reads-check.ts), so renaming a field or changing its type
 * fails validation instead of leaving the report showing dashes.
 *
 * Plain data and pure functions, no React: the check imports this file under Node.
 */

/**
 * The JSON type a report expects of a field: "number" accepts a schema type of number or integer,
 * "integer" only integer, "string" a string, and "date" a string of format "date" (yyyy-MM-dd).
 */
export type FieldKind = 'number' | 'integer' | 'string' | 'date';

export interface FieldRead<K extends FieldKind = FieldKind> {
  /** The field's name in the record type's schema.properties. */
  field: string;
  kind: K;
}

const read =
  <K extends FieldKind>(kind: K) =>
  (field: string): FieldRead<K> => ({ field, kind });
const number = read('number');
const integer = read('integer');
const string = read('string');
const date = read('date');

export interface ReportReads<F extends Record<string, FieldRead>> {
  /** The record type read, by its file name under config/records/. */
  recordType: string;
  /** The report's own names for the fields it reads. */
  fields: F;
  /** The field (one of `fields`) by which the newest records are asked for. */
  newestBy: keyof F & string;
}

/** Any report's declaration, whatever its fields: what the records hook and the check take. */
export interface AnyReportReads {
  readonly recordType: string;
  readonly fields: Readonly<Record<string, FieldRead>>;
  readonly newestBy: string;
}

const declare = <F extends Record<string, FieldRead>>(reads: ReportReads<F>) => reads;

/** Every report, by the reports route's options.kind (config/routes.json). */
export const REPORT_READS = {
  monthly: declare({
    recordType: 'monthly',
    fields: {
      month: date('month'),
      litres: number('milk_sold_litres'),
      cows: integer('cows_in_milk'),
      butterfat: number('butterfat_percent'),
      protein: number('protein_percent'),
      scc: integer('somatic_cell_count'),
      concentrateTonnes: number('concentrate_fed_tonnes'),
      pricePpl: number('milk_price_ppl'),
    },
    newestBy: 'month',
  }),
  annual: declare({
    recordType: 'annual',
    fields: {
      yearEnd: date('year_end_date'),
      farmedHa: number('total_farmed_ha'),
      outputGbp: number('total_output_gbp'),
      variableCostsGbp: number('variable_costs_gbp'),
      fixedCostsGbp: number('fixed_costs_gbp'),
      netProfitGbp: number('net_profit_gbp'),
      schemeIncomeGbp: number('scheme_income_gbp'),
    },
    newestBy: 'yearEnd',
  }),
  crop: declare({
    recordType: 'crop',
    fields: {
      crop: string('crop'),
      areaHa: number('field_area_ha'),
      drilled: date('drilling_date'),
      harvested: date('harvest_date'),
      yieldTPerHa: number('yield_t_per_ha'),
      nitrogenKgPerHa: number('nitrogen_kg_per_ha'),
    },
    newestBy: 'drilled',
  }),
} as const;

export type ReportName = keyof typeof REPORT_READS;

/** A field's value as the report uses it: a finite number or null; a string, or '' when absent. */
type ValueOf<K extends FieldKind> = K extends 'number' | 'integer' ? number | null : string;

export type ReadValues<F extends Record<string, FieldRead>> = {
  [A in keyof F]: ValueOf<F[A]['kind']>;
};

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One record's data as the report's named values: the only way a report reads a field. */
export function readRecord<F extends Record<string, FieldRead>>(
  reads: ReportReads<F>,
  data: Readonly<Record<string, unknown>>,
): ReadValues<F> {
  const values: Record<string, number | string | null> = {};
  for (const [name, { field, kind }] of Object.entries(reads.fields)) {
    const value = Object.hasOwn(data, field) ? data[field] : undefined;
    values[name] = kind === 'number' || kind === 'integer' ? asNumber(value) : asString(value);
  }
  return values as ReadValues<F>;
}

/** The record field the newest records are sorted by, for the records list's `sort`. */
export const newestByField = (reads: AnyReportReads): string =>
  reads.fields[reads.newestBy]?.field ?? '';
