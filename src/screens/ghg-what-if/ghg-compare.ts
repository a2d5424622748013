/**
 * GHG What If?: baseline and scenario evaluated in the browser with the method library (the same
 * code the server runs), and the rows the screen, its chart and its CSV show.
 */
import { compareTotals, evaluate, InputError, type Change } from '../../../shared/calc/index.ts';
import type { EvaluationResult, ResultLine } from '../../../shared/calc/result.ts';
import {
  GHG_SOURCES,
  SOURCE_LABELS,
  type EfSet,
  type GhgInputs,
  type GhgTotals,
  type GwpSet,
} from '../../../shared/calc/ghg.ts';
import type { CsvValue } from '../../../shared/csv.ts';
import { csvRound, type CalculatorCsv } from '../../ui/calculator/csv.ts';

export type GhgResult = EvaluationResult<GhgTotals>;

export interface Outcome {
  result: GhgResult | null;
  /** Why the inputs cannot be evaluated yet, per field, in plain words. */
  problems: string[];
}

export interface MethodChoice {
  gwp: GwpSet;
  efSet: EfSet;
  method?: string;
}

/** Evaluates one set of inputs; problems instead of a throw, so typing never breaks the page. */
export function evaluateGhgInputs(inputs: GhgInputs, choice: MethodChoice): Outcome {
  try {
    const result = evaluate(
      'ghg',
      { ...inputs, gwp: choice.gwp, efSet: choice.efSet },
      choice.method,
    ) as GhgResult;
    return { result, problems: [] };
  } catch (error) {
    if (error instanceof InputError) {
      return {
        result: null,
        problems: Object.entries(error.errors).flatMap(([field, messages]) =>
          messages.map((m) => `${field}: ${m}`),
        ),
      };
    }
    return { result: null, problems: [error instanceof Error ? error.message : String(error)] };
  }
}

/** One row of the comparison: a measure, its unit and the two results. */
export interface ComparisonRow {
  key: string;
  group: 'Total' | 'Intensity' | 'By source' | 'By gas' | 'Gas mass';
  label: string;
  unit: string;
  baseline: number | null;
  scenario: number | null;
  change: number | null;
  changePct: number | null;
  /** A line behind this row used a value marked unconfirmed. */
  unconfirmed: boolean;
}

const change = (
  b: number | null,
  s: number | null,
): Pick<ComparisonRow, 'change' | 'changePct'> => {
  if (b === null || s === null) return { change: null, changePct: null };
  const c = (compareTotals({ v: b }, { v: s }) as { v: Change }).v;
  return { change: c.change, changePct: c.change_pct };
};

const unconfirmedSources = (result: GhgResult | null) =>
  new Set((result?.lines ?? []).filter((l) => !l.confirmed).map((l) => l.source));

/** The comparison table's rows: totals, intensities, each source either side uses, each gas. */
export function comparisonRows(
  baseline: GhgResult | null,
  scenario: GhgResult | null,
): ComparisonRow[] {
  const b = baseline?.totals;
  const s = scenario?.totals;
  const flagged = new Set([...unconfirmedSources(baseline), ...unconfirmedSources(scenario)]);
  const row = (
    key: string,
    group: ComparisonRow['group'],
    label: string,
    unit: string,
    pick: (t: GhgTotals) => number | null,
    unconfirmed = false,
  ): ComparisonRow => {
    const bv = b ? pick(b) : null;
    const sv = s ? pick(s) : null;
    return { key, group, label, unit, baseline: bv, scenario: sv, ...change(bv, sv), unconfirmed };
  };
  const productUnit = b?.product_unit ?? s?.product_unit ?? 'unit of product';
  const rows: ComparisonRow[] = [
    row('co2e', 'Total', 'Total emissions', 'kg CO2e', (t) => t.co2e, flagged.size > 0),
    row(
      'co2e_t',
      'Total',
      'Total emissions in tonnes',
      't CO2e',
      (t) => t.co2e / 1000,
      flagged.size > 0,
    ),
    row('per_ha', 'Intensity', 'Per hectare', 'kg CO2e/ha', (t) => t.co2e_per_ha),
    row('per_head', 'Intensity', 'Per head', 'kg CO2e/head', (t) => t.co2e_per_head),
    row(
      'per_product',
      'Intensity',
      `Per ${productUnit}`,
      `kg CO2e/${productUnit}`,
      (t) => t.co2e_per_product,
    ),
  ].filter((r) => r.group === 'Total' || r.baseline !== null || r.scenario !== null);
  for (const source of GHG_SOURCES) {
    const used = (t: GhgTotals | undefined) => (t ? t.co2e_by_source[source] !== 0 : false);
    if (!used(b) && !used(s)) continue;
    rows.push(
      row(
        `source:${source}`,
        'By source',
        SOURCE_LABELS[source],
        'kg CO2e',
        (t) => t.co2e_by_source[source],
        flagged.has(source),
      ),
    );
  }
  rows.push(
    row('gas:co2', 'By gas', 'Carbon dioxide (CO2)', 'kg CO2e', (t) => t.co2e_by_gas.co2),
    row('gas:ch4', 'By gas', 'Methane (CH4)', 'kg CO2e', (t) => t.co2e_by_gas.ch4),
    row('gas:n2o', 'By gas', 'Nitrous oxide (N2O)', 'kg CO2e', (t) => t.co2e_by_gas.n2o),
    row('mass:ch4', 'Gas mass', 'Methane (CH4)', 'kg CH4', (t) => t.ch4),
    row('mass:n2o', 'Gas mass', 'Nitrous oxide (N2O)', 'kg N2O', (t) => t.n2o),
  );
  return rows;
}

/** The lines that used a value marked unconfirmed, with their notes, from either side. */
export function unconfirmedLines(...results: (GhgResult | null)[]): ResultLine[] {
  const seen = new Map<string, ResultLine>();
  for (const r of results)
    for (const l of r?.lines ?? []) if (!l.confirmed && !seen.has(l.label)) seen.set(l.label, l);
  return [...seen.values()];
}

/** The inputs as label/value/unit rows (for the printed summary and the CSV). */
export interface InputRow {
  key: string;
  label: string;
  unit: string;
  baseline: CsvValue;
  scenario: CsvValue;
}

const INPUT_FIELDS: { key: keyof GhgInputs; label: string; unit: string }[] = [
  { key: 'synthetic_n_kg', label: 'Synthetic N', unit: 'kg N' },
  { key: 'urea_kg', label: 'Urea', unit: 'kg' },
  { key: 'limestone_kg', label: 'Limestone', unit: 'kg' },
  { key: 'dolomite_kg', label: 'Dolomite', unit: 'kg' },
  { key: 'diesel_l', label: 'Diesel', unit: 'litres' },
  { key: 'gas_oil_l', label: 'Gas oil', unit: 'litres' },
  { key: 'electricity_kwh', label: 'Electricity', unit: 'kWh' },
  { key: 'area_ha', label: 'Area', unit: 'ha' },
];

const CATEGORY_LABELS: Record<string, string> = {
  dairy_cow: 'Dairy cows',
  other_cattle: 'Other cattle',
  sheep: 'Sheep',
};

/** Flattens inputs to rows, by dotted path, for the two sides. */
export function inputRows(
  baseline: GhgInputs,
  scenario: GhgInputs,
  shown: readonly string[],
): InputRow[] {
  const rows: InputRow[] = [];
  const groups = Math.max(baseline.animals?.length ?? 0, scenario.animals?.length ?? 0);
  for (let i = 0; i < groups && shown.includes('animals'); i++) {
    const bg = baseline.animals?.[i];
    const sg = scenario.animals?.[i];
    const name = CATEGORY_LABELS[bg?.category ?? sg?.category ?? ''] ?? 'Animals';
    const at = (
      label: string,
      unit: string,
      key: string,
      pick: (g: NonNullable<typeof bg>) => CsvValue,
    ) =>
      rows.push({
        key: `animals.${String(i)}.${key}`,
        label: `${name}: ${label}`,
        unit,
        baseline: bg ? pick(bg) : null,
        scenario: sg ? pick(sg) : null,
      });
    at('head', 'head', 'head', (g) => g.head);
    at('volatile solids', 'kg VS/head/day', 'vs_kg_per_head_day', (g) => g.vs_kg_per_head_day);
    at('N excreted', 'kg N/head/yr', 'n_excreted_kg_per_head', (g) => g.n_excreted_kg_per_head);
    at('share at pasture', 'share', 'pasture_fraction', (g) => g.pasture_fraction);
    const stores = Math.max(bg?.storage?.length ?? 0, sg?.storage?.length ?? 0);
    for (let j = 0; j < stores; j++) {
      const describe = (g: NonNullable<typeof bg>) => {
        const st = g.storage?.[j];
        return st
          ? `${st.system} ${String(st.fraction)}${st.months ? ` (${String(st.months)} months)` : ''}`
          : null;
      };
      at(`manure storage ${String(j + 1)}`, 'system share', `storage.${String(j)}`, describe);
    }
  }
  for (const f of INPUT_FIELDS) {
    if (!shown.includes(f.key)) continue;
    rows.push({
      key: f.key,
      label: f.label,
      unit: f.unit,
      baseline: (baseline[f.key] as number | undefined) ?? null,
      scenario: (scenario[f.key] as number | undefined) ?? null,
    });
  }
  if (shown.includes('product')) {
    const unit =
      { grain_t: 't grain', milk_kg: 'kg milk', liveweight_kg: 'kg liveweight' }[
        baseline.product?.kind ?? scenario.product?.kind ?? ''
      ] ?? '';
    rows.push({
      key: 'product.amount',
      label: 'Product sold',
      unit,
      baseline: baseline.product?.amount ?? null,
      scenario: scenario.product?.amount ?? null,
    });
  }
  return rows;
}

/** The CSV of inputs and results, baseline and scenario, with the method it was worked with. */
export function ghgCsv(options: {
  title: string;
  unitName: string;
  choice: MethodChoice;
  methodVersion: string;
  inputs: InputRow[];
  results: ComparisonRow[];
}): CalculatorCsv {
  return {
    title: options.title,
    unitName: options.unitName,
    methodVersion: options.methodVersion,
    settings: [
      ['GWP set', options.choice.gwp],
      ['Emission factor set', options.choice.efSet],
    ],
    sections: [
      {
        header: ['Inputs', 'Unit', 'Baseline', 'Scenario'],
        rows: options.inputs.map((r) => [r.label, r.unit, r.baseline, r.scenario]),
      },
      {
        header: [
          'Result',
          'Unit',
          'Baseline',
          'Scenario',
          'Change',
          'Change %',
          'Unconfirmed value used',
        ],
        rows: options.results.map((r) => [
          r.group === 'By source' || r.group === 'By gas' || r.group === 'Gas mass'
            ? `${r.group}: ${r.label}`
            : r.label,
          r.unit,
          csvRound(r.baseline),
          csvRound(r.scenario),
          csvRound(r.change),
          csvRound(r.changePct),
          r.unconfirmed ? 'yes' : '',
        ]),
      },
    ],
  };
}
