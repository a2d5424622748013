/**
 * The calculators' method library: one pure module per calculator (ghg, bps, stir, eiq), read
 * by the portal's screens and by the server's evaluation API alike. No React, no Node.
 */
import { evaluateBps, type BpsInputs } from './bps.ts';
import { evaluateEiq, type EiqInputs } from './eiq.ts';
import { evaluateGhg, type GhgInputs } from './ghg.ts';
import { InputError, type EvaluationResult } from './result.ts';
import { evaluateStir, type StirInputs } from './stir.ts';
import { MethodError, methodFor, type CalculatorKind } from './tables.ts';

export { InputError, MethodError };
export type { EvaluationResult };

/**
 * The calculators the API evaluates, by the name in its path, each with the named rule of
 * config/rules.json that opens it (the same rule its screen's route names).
 */
export const CALCULATORS = {
  ghg: { kind: 'ghg', rule: 'ghg-what-if', title: 'GHG What If?' },
  'ghg-arable': { kind: 'ghg', rule: 'ghg-what-if-arable', title: 'GHG What If? (Arable)' },
  'ghg-beef': { kind: 'ghg', rule: 'ghg-what-if-beef', title: 'GHG What If? (Beef)' },
  'ghg-dairy': { kind: 'ghg', rule: 'ghg-what-if-dairy', title: 'GHG What If? (Dairy)' },
  'ghg-sheep': { kind: 'ghg', rule: 'ghg-what-if-sheep', title: 'GHG What If? (Sheep)' },
  bps: { kind: 'bps', rule: 'bps-what-if', title: 'BPS What If?' },
  stir: { kind: 'stir', rule: 'stir-calculator', title: 'STIR Calculator' },
  eiq: { kind: 'eiq', rule: 'eiq-calculator', title: 'EIQ Calculator' },
  // The same calculators by their screens' names (their routes' paths and rules).
  'ghg-what-if': { kind: 'ghg', rule: 'ghg-what-if', title: 'GHG What If?' },
  'ghg-what-if-arable': { kind: 'ghg', rule: 'ghg-what-if-arable', title: 'GHG What If? (Arable)' },
  'ghg-what-if-beef': { kind: 'ghg', rule: 'ghg-what-if-beef', title: 'GHG What If? (Beef)' },
  'ghg-what-if-dairy': { kind: 'ghg', rule: 'ghg-what-if-dairy', title: 'GHG What If? (Dairy)' },
  'ghg-what-if-sheep': { kind: 'ghg', rule: 'ghg-what-if-sheep', title: 'GHG What If? (Sheep)' },
  'bps-what-if': { kind: 'bps', rule: 'bps-what-if', title: 'BPS What If?' },
  'stir-calculator': { kind: 'stir', rule: 'stir-calculator', title: 'STIR Calculator' },
  'eiq-calculator': { kind: 'eiq', rule: 'eiq-calculator', title: 'EIQ Calculator' },
} as const satisfies Record<string, { kind: CalculatorKind; rule: string; title: string }>;

export type CalculatorName = keyof typeof CALCULATORS;

export const isCalculatorName = (name: string): name is CalculatorName =>
  Object.hasOwn(CALCULATORS, name);

export interface InputsByKind {
  ghg: GhgInputs;
  bps: BpsInputs;
  stir: StirInputs;
  eiq: EiqInputs;
}

/**
 * Evaluates a calculator with a method version (its default when none is named). Throws
 * MethodError for a method the calculator does not have, InputError for inputs it cannot use
 * (per field); the inputs are expected to have passed the calculator's input schema.
 */
export function evaluate<K extends CalculatorKind>(
  kind: K,
  inputs: InputsByKind[K],
  methodVersion?: string,
): EvaluationResult<object> {
  const method = methodFor(kind, methodVersion);
  switch (kind) {
    case 'ghg':
      return evaluateGhg(inputs as GhgInputs, method);
    case 'bps':
      return evaluateBps(inputs as BpsInputs, method);
    case 'stir':
      return evaluateStir(inputs as StirInputs, method);
    case 'eiq':
      return evaluateEiq(inputs as EiqInputs, method);
  }
  throw new MethodError(`Unknown calculator ${String(kind)}`);
}

export interface Change {
  baseline: number;
  scenario: number;
  /** scenario − baseline. */
  change: number;
  /** The change as a percentage of the baseline; null when the baseline is 0. */
  change_pct: number | null;
}

/**
 * Baseline against scenario: every number of the totals (and of objects of numbers within
 * them, such as CO2e by source) with its absolute and percentage change.
 */
export function compareTotals(baseline: object, scenario: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const b = baseline as Record<string, unknown>;
  const s = scenario as Record<string, unknown>;
  for (const [key, value] of Object.entries(b)) {
    const other = s[key];
    if (typeof value === 'number' && typeof other === 'number') {
      out[key] = {
        baseline: value,
        scenario: other,
        change: other - value,
        change_pct: value === 0 ? null : ((other - value) / Math.abs(value)) * 100,
      } satisfies Change;
    } else if (
      typeof value === 'object' &&
      value !== null &&
      typeof other === 'object' &&
      other !== null &&
      !Array.isArray(value)
    ) {
      const nested = compareTotals(value, other);
      if (Object.keys(nested).length > 0) out[key] = nested;
    }
  }
  return out;
}
