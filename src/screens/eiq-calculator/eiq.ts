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
  ingredientKey,
  LB_PER_ACRE_PER_KG_PER_HA,
  type EiqApplication,
  type EiqInputs,
} from '../../../shared/calc/eiq.ts';
import { methodFor, tableOf, tableRef } from '../../../shared/calc/tables.ts';
import { csvRound, type CalculatorCsv } from '../../ui/calculator/csv.ts';

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

/**
 * A row as the library's (and the evaluation API's) application: the product's rate and content
 * as typed, the table's ingredient by key, or the typed EIQ with the ingredient's name (a table
 * ingredient held without a value by its key, so that a saved row reopens on it).
 */
export const toInput = (a: Application): EiqApplication => {
  const fromTable = ingredientOf(a.ingredient);
  const amount = { product_rate_per_ha: a.ratePerHa, ai_g_per_unit: a.contentGPerUnit };
  const name = a.product.trim() === '' ? {} : { name: a.product.trim() };
  if (fromTable?.eiq != null) return { ...name, active_ingredient: fromTable.key, ...amount };
  const ingredientName = fromTable?.key ?? a.activeIngredient.trim();
  return {
    ...name,
    eiq: a.eiq,
    ...(ingredientName === '' ? {} : { ingredient_name: ingredientName }),
    ...amount,
  };
};

/** A saved application back as a row: the inverse of toInput, for any way the amount was given. */
export function fromInput(app: EiqApplication): Application {
  const tableKey =
    app.active_ingredient !== undefined
      ? ingredientKey(TABLE, app.active_ingredient)
      : app.ingredient_name !== undefined && ingredientOf(app.ingredient_name)
        ? app.ingredient_name
        : undefined;
  const amount =
    app.product_rate_per_ha !== undefined
      ? { ratePerHa: app.product_rate_per_ha, contentGPerUnit: app.ai_g_per_unit ?? 0 }
      : {
          // A pure active ingredient: 1,000 g per kg of product.
          ratePerHa: app.ai_kg_per_ha ?? (app.ai_lb_per_acre ?? 0) / LB_PER_ACRE_PER_KG_PER_HA,
          contentGPerUnit: 1000,
        };
  return {
    product: app.name ?? '',
    ingredient: tableKey ?? '',
    activeIngredient: tableKey === undefined ? (app.ingredient_name ?? '') : '',
    eiq: app.eiq ?? 0,
    ...amount,
  };
}

export const toInputs = (applications: readonly Application[]): EiqInputs => ({
  applications: applications.map(toInput),
});

export interface RowResult {
  perHa: number;
  perAcre: number;
  confirmed: boolean;
  notes: readonly string[];
}

/** Each row's Field Use EIQ per hectare and per acre, and the season's totals. */
export function evaluateApplications(applications: readonly Application[]) {
  const result = evaluateEiq(toInputs(applications), METHOD);
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

/** The sprays and their Field Use EIQ as the calculator's CSV. */
export function eiqCsv(applications: readonly Application[], unitName: string): CalculatorCsv {
  const { rows, totals } = evaluateApplications(applications);
  return {
    title: 'EIQ Calculator',
    unitName,
    methodVersion: METHOD.version,
    settings: [['Ingredient table', EIQ_TABLE_REF]],
    sections: [
      {
        header: [
          'Product',
          'Active ingredient',
          'EIQ',
          'EIQ source',
          'Content (g/l or g/kg)',
          'Rate (l/ha or kg/ha)',
          'Active (kg/ha)',
          'Field Use EIQ per ha',
          'Field Use EIQ per acre',
          'Unconfirmed value used',
        ],
        rows: applications.map((a, i) => {
          const ingredient = ingredientOf(a.ingredient);
          const fromTable = ingredient?.eiq != null;
          return [
            a.product || `Spray ${String(i + 1)}`,
            ingredient?.label ?? a.activeIngredient,
            eiqOf(a),
            fromTable ? `${ingredient.source} (${EIQ_TABLE_REF})` : 'entered',
            a.contentGPerUnit,
            a.ratePerHa,
            csvRound(activeKgPerHa(a)),
            csvRound(rows[i]?.perHa),
            csvRound(rows[i]?.perAcre),
            rows[i]?.confirmed === false ? 'yes' : '',
          ];
        }),
      },
      {
        header: ['Result', 'Value', 'Unit'],
        rows: [
          [
            'Field Use EIQ for the season',
            csvRound(totals.field_eiq_per_ha),
            'per ha (kg a.i./ha)',
          ],
          [
            'Field Use EIQ for the season',
            csvRound(totals.field_eiq_per_acre),
            'per acre (lb a.i./acre)',
          ],
        ],
      },
    ],
  };
}
