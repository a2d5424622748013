/**
 * The totals of a saved calculation a survey question may be prefilled from ({"calculation",
 * "total"} in config/surveys/), by calculator kind, with the JSON type of each. validate:config
 * checks a survey names one of these for its calculator and that the question takes that type;
 * the server reads the total from the unit's latest saved baseline of that calculator.
 */
import { CALCULATORS, isCalculatorName } from '../calc/index.ts';

export type TotalType = 'number' | 'string' | 'boolean';

const TOTALS: Record<'ghg' | 'bps' | 'stir' | 'eiq', Record<string, TotalType>> = {
  ghg: {
    co2e: 'number',
    co2: 'number',
    ch4: 'number',
    n2o: 'number',
    head: 'number',
    area_ha: 'number',
    co2e_per_ha: 'number',
    co2e_per_head: 'number',
    co2e_per_product: 'number',
    product_amount: 'number',
    product_unit: 'string',
    gwp: 'string',
  },
  bps: {
    year: 'number',
    amount: 'number',
    reduction: 'number',
    payment: 'number',
    capped: 'boolean',
  },
  stir: {
    stir: 'number',
    meets_no_till: 'boolean',
    meets_reduced_till: 'boolean',
  },
  eiq: {
    field_eiq_per_ha: 'number',
    field_eiq_per_acre: 'number',
  },
};

/** The totals a calculator's saved result offers, or undefined for no such calculator. */
export function calculationTotals(calculator: string): Record<string, TotalType> | undefined {
  if (!isCalculatorName(calculator)) return undefined;
  return TOTALS[CALCULATORS[calculator].kind];
}
