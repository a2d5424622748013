import type { Nation } from '../names.ts';
import { clamp, type Draw, logNormal, normal, round, uniform } from './draw.ts';
import { monthsBetween, type DairyMonth } from './milk.ts';

/**
 * Year-end business figures (config/records/annual.json) by enterprise, from a farm-level
 * profile that persists across years (a farm that farms well keeps its margins). Output takes
 * in the scheme income (Basic Payment, delinked payments, SFI), so that net profit is exactly
 * output − variable costs − fixed costs, each rounded to the pound first.
 */

export type Enterprise = 'dairy' | 'beef' | 'sheep' | 'arable' | 'mixed' | 'horticulture';

/** £/ha a year before scheme income, around 2023, as FBS-style enterprise figures run. */
const PER_HA: Readonly<
  Record<Exclude<Enterprise, 'dairy'>, { output: number; variable: number; fixed: number }>
> = {
  beef: { output: 1150, variable: 620, fixed: 700 },
  sheep: { output: 950, variable: 470, fixed: 590 },
  arable: { output: 1750, variable: 800, fixed: 720 },
  mixed: { output: 1500, variable: 720, fixed: 760 },
  horticulture: { output: 9000, variable: 5200, fixed: 3000 },
};

/**
 * Year effects by the year the business year ends in: arable output high after the 2022
 * harvest and low after the wet 2024 one, fertiliser dear in 2023; beef and lamb prices rising
 * to their 2025 records.
 */
const OUTPUT_YEAR: Readonly<Record<string, readonly number[]>> = {
  // 2022, 2023, 2024, 2025
  arable: [1.15, 1.05, 0.82, 0.86],
  horticulture: [1, 1.05, 1.02, 1.05],
  beef: [0.95, 1.02, 1.05, 1.25],
  sheep: [0.95, 1.02, 1.1, 1.15],
  mixed: [1.02, 1.04, 0.95, 1.05],
};
const VARIABLE_YEAR = [1.0, 1.2, 1.0, 0.96];
/** Overheads (labour, machinery, rent, finance) against 2023, rising with inflation. */
const FIXED_YEAR = [0.94, 1.0, 1.04, 1.07];
/** Compound feed, £/t, by the year the business year ends in (2022–2025). */
const CONCENTRATE_GBP_T = [340, 385, 320, 305];

/** £/ha of Basic Payment or its successors, by year end (2022–2025): England's phasing out. */
const SCHEME_GBP_HA: Readonly<Record<Nation, readonly number[]>> = {
  england: [195, 160, 110, 70],
  wales: [215, 210, 205, 200],
  scotland: [190, 188, 185, 182],
  ni: [240, 235, 230, 225],
};

export interface FarmBusiness {
  enterprise: Enterprise;
  nation: Nation;
  hectares: number;
  ownedShare: number;
  /** Persistent multipliers: output per ha and costs against the enterprise's norm. */
  output: number;
  costs: number;
  /** Month (1–12) the business year ends. */
  yearEndMonth: number;
  /** SFI £/ha from 2024 on, 0 when the farm has no agreement. */
  sfi: number;
  gasOilPerHa: number;
  diesel: number;
  electricity: number;
}

const MEDIAN_HA: Readonly<Record<Exclude<Enterprise, 'dairy'>, number>> = {
  beef: 110,
  sheep: 170,
  arable: 260,
  mixed: 180,
  horticulture: 55,
};
/** Full-time equivalents for a farm of `ha` hectares. */
const LABOUR: Readonly<Record<Exclude<Enterprise, 'dairy'>, (ha: number) => number>> = {
  beef: (ha) => 0.5 + ha / 150,
  sheep: (ha) => 0.5 + ha / 250,
  arable: (ha) => 0.5 + ha / 300,
  mixed: (ha) => 1 + ha / 150,
  horticulture: (ha) => 2 + ha / 8,
};
const GAS_OIL_PER_HA: Readonly<Record<Enterprise, number>> = {
  dairy: 120,
  beef: 70,
  sheep: 40,
  arable: 100,
  mixed: 90,
  horticulture: 250,
};
/** kWh a cow (milking, cooling, washing) or a hectare (drying, stores) a year. */
const ELECTRICITY: Readonly<Record<Enterprise, number>> = {
  dairy: 330,
  beef: 40,
  sheep: 15,
  arable: 60,
  mixed: 60,
  horticulture: 600,
};

/** A farm business; a dairy's area follows its herd (cows, youngstock and their forage). */
export function farmBusiness(
  draw: Draw,
  enterprise: Enterprise,
  nation: Nation,
  herd?: number,
): FarmBusiness {
  const hectares =
    enterprise === 'dairy'
      ? (herd ?? 150) * uniform(draw, 0.55, 0.95)
      : clamp(logNormal(draw, MEDIAN_HA[enterprise], 0.55), 8, 2500);
  return {
    enterprise,
    nation,
    hectares: round(hectares, 1),
    ownedShare: uniform(draw, 0.2, 1),
    output: clamp(normal(draw, 1, 0.12), 0.7, 1.35),
    costs: clamp(normal(draw, 1, 0.1), 0.75, 1.3),
    yearEndMonth: draw.pick([3, 3, 3, 9, 12, 12]),
    sfi: draw.chance(0.45) ? uniform(draw, 30, 95) : 0,
    gasOilPerHa: GAS_OIL_PER_HA[enterprise] * clamp(normal(draw, 1, 0.2), 0.5, 1.6),
    diesel: uniform(draw, 300, 3000),
    electricity: ELECTRICITY[enterprise] * clamp(normal(draw, 1, 0.18), 0.5, 1.6),
  };
}

/** The fields of config/records/annual.json the seed fills. */
export interface AnnualRecord {
  year_end_date: string;
  total_farmed_ha: number;
  owned_ha: number;
  rented_ha: number;
  total_output_gbp: number;
  variable_costs_gbp: number;
  fixed_costs_gbp: number;
  labour_units_fte: number;
  scheme_income_gbp: number;
  net_profit_gbp: number;
  diesel_litres: number;
  gas_oil_litres: number;
  electricity_kwh: number;
}

const lastDay = (year: number, month: number) =>
  `${String(year)}-${String(month).padStart(2, '0')}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/**
 * The annual record of the business year ending in `year` (2022–2025). A dairy's milk, price,
 * herd and concentrate come from its monthly series over the same twelve months.
 */
export function annualRecord(
  draw: Draw,
  farm: FarmBusiness,
  year: number,
  series?: readonly DairyMonth[],
): AnnualRecord {
  const y = clamp(year - 2022, 0, 3);
  const at = (values: readonly number[]) => values[y] ?? 1;
  const ha = farm.hectares;
  const scheme = ha * (at(SCHEME_GBP_HA[farm.nation]) + (year >= 2024 ? farm.sfi : 0));
  const noise = () => clamp(normal(draw, 1, 0.04), 0.85, 1.15);
  let output: number;
  let variable: number;
  let fixed: number;
  let labour: number;
  let electricity: number;
  if (farm.enterprise === 'dairy' && series) {
    const start = farm.yearEndMonth === 12 ? [year, 1] : [year - 1, farm.yearEndMonth + 1];
    const months = monthsBetween(series, start as [number, number], [year, farm.yearEndMonth]);
    const litres = months.reduce((s, m) => s + m.milk_sold_litres, 0);
    const milk = months.reduce((s, m) => s + (m.milk_sold_litres * m.milk_price_ppl) / 100, 0);
    const tonnes = months.reduce((s, m) => s + m.concentrate_fed_tonnes, 0);
    const herd = months.reduce((s, m) => s + m.cows_in_milk + m.dry_cows, 0) / months.length;
    // Cull cows and calves sold, and a little other income.
    output = milk + herd * 380 * at(OUTPUT_YEAR.beef ?? []) * noise() + herd * 50 + scheme;
    variable =
      tonnes * at(CONCENTRATE_GBP_T) + herd * 1100 * farm.costs * at(VARIABLE_YEAR) * noise();
    fixed = litres * 0.17 * farm.costs * at(FIXED_YEAR) * noise();
    labour = 1 + herd / 75;
    electricity = herd * farm.electricity;
  } else {
    const norm = PER_HA[farm.enterprise === 'dairy' ? 'mixed' : farm.enterprise];
    output =
      ha * norm.output * farm.output * at(OUTPUT_YEAR[farm.enterprise] ?? []) * noise() + scheme;
    variable = ha * norm.variable * farm.costs * at(VARIABLE_YEAR) * noise();
    fixed = ha * norm.fixed * farm.costs * at(FIXED_YEAR) * noise();
    labour = LABOUR[farm.enterprise === 'dairy' ? 'mixed' : farm.enterprise](ha);
    electricity = ha * farm.electricity;
  }
  const owned = round(ha * farm.ownedShare, 1);
  const totalOutput = Math.round(output);
  const variableCosts = Math.round(variable);
  const fixedCosts = Math.round(fixed);
  return {
    year_end_date: lastDay(year, farm.yearEndMonth),
    total_farmed_ha: ha,
    owned_ha: owned,
    rented_ha: round(ha - owned, 1),
    total_output_gbp: totalOutput,
    variable_costs_gbp: variableCosts,
    fixed_costs_gbp: fixedCosts,
    labour_units_fte: round(labour, 1),
    scheme_income_gbp: Math.round(scheme),
    net_profit_gbp: totalOutput - variableCosts - fixedCosts,
    diesel_litres: Math.round(farm.diesel * noise()),
    gas_oil_litres: Math.round(ha * farm.gasOilPerHa * noise()),
    electricity_kwh: Math.round(electricity * noise()),
  };
}
