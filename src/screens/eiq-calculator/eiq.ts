/**
 * The EIQ screen's rows on the calculators' method library (shared/calc/eiq.ts): the Field Use
 * EIQ of a spray (Kovach et al., Cornell NYS IPM) is the active ingredient's Environmental Impact
 * Quotient times the amount of it applied,
 *   per hectare: EIQ × kg of active ingredient per ha; per acre: EIQ × lb per acre (Cornell),
 * where a product's content is given in g per kg (solids) or g per litre (liquids, taken as the
 * weight in a litre). The EIQ comes from the default method's ingredient table
 * (config/calculators/tables/cornell-eiq@1.json) or, for an ingredient it lacks, is typed in.
 */
import {
  eiqIngredients,
  evaluateEiq,
  fieldUseEiq as fieldUseEiqPerHa,
  type EiqApplication,
} from '../../../shared/calc/eiq.ts';
import { methodFor, tableOf, tableRef } from '../../../shared/calc/tables.ts';

const METHOD = methodFor('eiq');
const TABLE = tableOf(METHOD, 'ingredients');

/** The ingredient table the screen reads, as <id>@<version> (e.g. cornell-eiq@1). */
export const EIQ_TABLE_REF = tableRef(TABLE);

/** The active ingredients of the table, each with its EIQ (null: held without one) and source. */
export const EIQ_INGREDIENTS = eiqIngredients(METHOD).map((ingredient) => ({
  ...ingredient,
  source: TABLE.entries?.[ingredient.key]?.source ?? TABLE.title,
  sourceUrl: TABLE.sourceUrl ?? null,
}));

export type Ingredient = (typeof EIQ_INGREDIENTS)[number];

export const ingredientOf = (key: string): Ingredient | undefined =>
  key ? EIQ_INGREDIENTS.find((i) => i.key === key) : undefined;

export interface Application {
  product: string;
  /** An ingredient of the table (its key), or '' for one entered by hand. */
  ingredient: string;
  /** The name of an ingredient entered by hand. */
  activeIngredient: string;
  /** The EIQ entered by hand (used unless the table gives the ingredient's value). */
  eiq: number;
  /** Grams of active ingredient per kg or per litre of product. */
  contentGPerUnit: number;
  /** Kilograms or litres of product per hectare. */
  ratePerHa: number;
}

/** Kilograms of active ingredient applied per hectare. */
export const activeKgPerHa = (a: Application): number => (a.ratePerHa * a.contentGPerUnit) / 1000;

/** The EIQ a row counts: the table's for a table ingredient with a value, else the typed one. */
export const eiqOf = (a: Application): number => ingredientOf(a.ingredient)?.eiq ?? a.eiq;

const toInput = (a: Application): EiqApplication => {
  const fromTable = ingredientOf(a.ingredient);
  return fromTable?.eiq != null
    ? { active_ingredient: fromTable.key, ai_kg_per_ha: activeKgPerHa(a) }
    : { eiq: a.eiq, ai_kg_per_ha: activeKgPerHa(a) };
};

export interface RowResult {
  perHa: number;
  perAcre: number;
  confirmed: boolean;
  notes: readonly string[];
}

/** Each row's Field Use EIQ per hectare and per acre, and the season's totals. */
export function evaluateApplications(applications: readonly Application[]) {
  const result = evaluateEiq({ applications: applications.map(toInput) }, METHOD);
  const rows: RowResult[] = result.lines.map((line) => ({
    perHa: line.values.field_eiq_per_ha as number,
    perAcre: line.values.field_eiq_per_acre as number,
    confirmed: line.confirmed,
    notes: line.notes ?? [],
  }));
  return { rows, totals: result.totals, notes: result.notes };
}

/** Field Use EIQ per hectare. */
export const fieldUseEiq = (a: Application): number => fieldUseEiqPerHa(eiqOf(a), activeKgPerHa(a));

export const programmeEiq = (applications: readonly Application[]): number =>
  evaluateApplications(applications).totals.field_eiq_per_ha;
