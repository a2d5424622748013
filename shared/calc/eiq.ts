/**
 * Field Use EIQ (Kovach et al. 1992, Cornell NYS IPM): the active ingredient's Environmental
 * Impact Quotient times the amount of it applied. Per hectare: EIQ × kg a.i. per ha. Per acre
 * (Cornell's convention): EIQ × lb a.i. per acre, where 1 kg/ha = 0.892179 lb/acre (0.45359237
 * kg per lb, 0.40468564224 ha per acre). A programme's total is the sum over its applications.
 */
import { Problems, type EvaluationResult, type ResultLine } from './result.ts';
import {
  entryRef,
  resolveEntry,
  tableOf,
  type CoefficientTable,
  type MethodVersion,
} from './tables.ts';

export const KG_PER_LB = 0.45359237;
export const HA_PER_ACRE = 0.40468564224;
/** lb/acre per kg/ha. */
export const LB_PER_ACRE_PER_KG_PER_HA = HA_PER_ACRE / KG_PER_LB;

export interface EiqApplication {
  name?: string;
  /** An active ingredient of the method's table (its key, name or alias). */
  active_ingredient?: string;
  /** The EIQ itself, for an ingredient the table lacks. */
  eiq?: number;
  /** The name of an ingredient given by its EIQ, shown in the result. */
  ingredient_name?: string;
  ai_kg_per_ha?: number;
  ai_lb_per_acre?: number;
  /** The product applied, kg or litres per ha, with its content: the amount as a sprayer has it. */
  product_rate_per_ha?: number;
  /** Grams of active ingredient per kg or per litre of the product. */
  ai_g_per_unit?: number;
}

/**
 * The three ways an application's amount is given (exactly one): kg a.i. per ha, lb a.i. per
 * acre, or the product's rate per ha with its content in g a.i. per kg or litre.
 */
function amountOf(
  app: EiqApplication,
  at: string,
  problems: Problems,
): { kgHa: number; product?: string } | undefined {
  const product = app.product_rate_per_ha !== undefined || app.ai_g_per_unit !== undefined;
  const ways = [app.ai_kg_per_ha !== undefined, app.ai_lb_per_acre !== undefined, product];
  const given = ways.filter(Boolean).length;
  if (given === 0) {
    problems.add(
      `${at}.ai_kg_per_ha`,
      'Give the active ingredient applied, in kg per ha (or lb per acre, or the product rate and its content)',
    );
    return undefined;
  }
  if (given > 1) {
    problems.add(
      `${at}.ai_kg_per_ha`,
      'Give the amount one way only: kg per ha, lb per acre, or the product rate and its content',
    );
    return undefined;
  }
  if (app.ai_kg_per_ha !== undefined) return { kgHa: app.ai_kg_per_ha };
  if (app.ai_lb_per_acre !== undefined) {
    return { kgHa: app.ai_lb_per_acre / LB_PER_ACRE_PER_KG_PER_HA };
  }
  if (app.product_rate_per_ha === undefined) {
    problems.add(`${at}.product_rate_per_ha`, 'Give the product rate per ha with its content');
    return undefined;
  }
  if (app.ai_g_per_unit === undefined) {
    problems.add(`${at}.ai_g_per_unit`, 'Give the product’s content in g per kg or litre');
    return undefined;
  }
  return {
    kgHa: (app.product_rate_per_ha * app.ai_g_per_unit) / 1000,
    product: `${fmt(app.product_rate_per_ha)} kg or l/ha × ${fmt(app.ai_g_per_unit)} g/kg or l = `,
  };
}

export interface EiqInputs {
  applications?: EiqApplication[];
}

export interface EiqTotals {
  field_eiq_per_ha: number;
  field_eiq_per_acre: number;
  convention: string;
}

export const EIQ_CONVENTION =
  'Field Use EIQ per hectare = EIQ × kg active ingredient per ha; per acre = EIQ × lb active ingredient per acre (Cornell).';

/** The table key of an active ingredient named by key, label or alias; undefined if none. */
export const ingredientKey = (table: CoefficientTable, name: string): string | undefined =>
  resolveEntry(table, name);

/** The active ingredients of a method's table with a value: key, label, EIQ, confirmed. */
export function eiqIngredients(method: MethodVersion) {
  return Object.entries(tableOf(method, 'ingredients').entries ?? {}).map(([key, e]) => ({
    key,
    label: e.label ?? key,
    eiq: typeof e.value === 'number' ? e.value : null,
    confirmed: e.confirmed !== false,
    note: e.note ?? null,
  }));
}

export const fieldUseEiq = (eiq: number, aiKgPerHa: number): number => eiq * aiKgPerHa;

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

export function evaluateEiq(inputs: EiqInputs, method: MethodVersion): EvaluationResult<EiqTotals> {
  const table = tableOf(method, 'ingredients');
  const problems = new Problems();
  const lines: ResultLine[] = [];
  (inputs.applications ?? []).forEach((app, i) => {
    const at = `applications.${String(i)}`;
    let eiq: number | undefined = app.eiq;
    const uses: string[] = [];
    let confirmed = true;
    const notes: string[] = [];
    let label = app.name;
    if (app.eiq !== undefined && app.active_ingredient !== undefined) {
      problems.add(`${at}.eiq`, 'Give either the active ingredient or its EIQ, not both');
    } else if (app.active_ingredient !== undefined) {
      const key = ingredientKey(table, app.active_ingredient);
      const entry = key === undefined ? undefined : table.entries?.[key];
      if (key === undefined || !entry) {
        problems.add(
          `${at}.active_ingredient`,
          `"${app.active_ingredient}" is not in the EIQ table of ${method.version}: give its EIQ instead`,
        );
      } else if (typeof entry.value !== 'number') {
        problems.add(
          `${at}.active_ingredient`,
          `${entry.label ?? key} has no confirmed EIQ in ${method.version}: give its EIQ instead`,
        );
      } else {
        eiq = entry.value;
        uses.push(entryRef(table, key));
        label ??= entry.label ?? key;
        if (entry.confirmed === false) {
          confirmed = false;
          notes.push(`Unconfirmed: ${entry.note ?? 'single source'}`);
        }
      }
    } else if (app.eiq === undefined) {
      problems.add(`${at}.active_ingredient`, 'Give the active ingredient or its EIQ');
    }
    const amount = amountOf(app, at, problems);
    if (eiq === undefined || amount === undefined) return;
    const { kgHa } = amount;
    const lbAcre = app.ai_lb_per_acre ?? kgHa * LB_PER_ACRE_PER_KG_PER_HA;
    if (app.active_ingredient === undefined && app.ingredient_name !== undefined) {
      label ??= app.ingredient_name;
    }
    lines.push({
      id: `application:${String(i)}`,
      label: label ?? `Application ${String(i + 1)}`,
      source: 'application',
      formula: `EIQ ${fmt(eiq)} × ${amount.product ?? ''}${fmt(kgHa)} kg a.i./ha (${fmt(lbAcre)} lb a.i./acre)`,
      uses,
      confirmed,
      ...(notes.length > 0 ? { notes } : {}),
      values: {
        eiq,
        ai_kg_per_ha: kgHa,
        ai_lb_per_acre: lbAcre,
        field_eiq_per_ha: eiq * kgHa,
        field_eiq_per_acre: eiq * lbAcre,
      },
    });
  });
  problems.throwIfAny();
  const sum = (k: string) => lines.reduce((t, l) => t + (l.values[k] as number), 0);
  return {
    calculator: 'eiq',
    methodVersion: method.version,
    tables: { ...method.tables },
    totals: {
      field_eiq_per_ha: sum('field_eiq_per_ha'),
      field_eiq_per_acre: sum('field_eiq_per_acre'),
      convention: EIQ_CONVENTION,
    },
    lines,
    notes: [
      EIQ_CONVENTION,
      ...(lines.some((l) => !l.confirmed)
        ? [
            'Some EIQ values are single-source (unconfirmed): check them against Cornell’s current list.',
          ]
        : []),
    ],
  };
}
