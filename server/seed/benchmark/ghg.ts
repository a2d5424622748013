import { evaluate } from '../../../shared/calc/index.ts';
import type { GhgInputs } from '../../../shared/calc/ghg.ts';
import { MILK_KG_PER_LITRE } from '../../calculators/prefill.ts';
import { withSources } from '../../calculators/routes.ts';
import { snapshotTables, storedName } from '../../calculators/saved.ts';
import type { CalculationSeedRow } from '../types.ts';
import type { AnnualRecord } from './annual.ts';
import { clamp, type Draw, normal, round, uniform } from './draw.ts';
import type { DairyMonth } from './milk.ts';

/**
 * A dairy's saved GHG baselines, one a calendar year, computed by the portal's own calculator
 * (shared/calc) and stored as server/calculators/saved.ts stores one: the short calculator
 * name, the method version, the inputs, the result as the API answers it and the snapshot of
 * the tables it read. The herd and milk are those of the unit's monthly records, taken as the
 * calculator's prefill takes them (server/calculators/prefill.ts): cows in milk plus dry cows,
 * litres sold × MILK_KG_PER_LITRE; fuel, electricity and area from the year's annual record
 * when the unit keeps them. The calculator has no feed line, so concentrate use enters only
 * through the excretion of a higher-yielding, harder-fed herd.
 */

export interface DairyManure {
  pasture: number;
  system: string;
  months: number;
  /** kg synthetic N per ha of grassland and forage. */
  nPerHa: number;
}

export function dairyManure(draw: Draw): DairyManure {
  return {
    pasture: round(uniform(draw, 0, 0.35), 2),
    system: draw.pick([
      'liquid_slurry_no_crust',
      'liquid_slurry_crust',
      'liquid_slurry_crust',
      'liquid_slurry_solid_cover',
      'solid_storage',
    ]),
    months: draw.pick([4, 6, 6]),
    nPerHa: uniform(draw, 70, 190),
  };
}

const CALCULATOR = storedName('ghg-dairy');

export function ghgBaseline(
  draw: Draw,
  unitId: number,
  year: number,
  months: readonly DairyMonth[],
  manure: DairyManure,
  annual: Pick<
    AnnualRecord,
    'total_farmed_ha' | 'diesel_litres' | 'gas_oil_litres' | 'electricity_kwh'
  >,
): CalculationSeedRow {
  const litres = months.reduce((s, m) => s + m.milk_sold_litres, 0);
  const tonnes = months.reduce((s, m) => s + m.concentrate_fed_tonnes, 0);
  const head = months.reduce((s, m) => s + m.cows_in_milk + m.dry_cows, 0) / months.length;
  const perCow = litres / head;
  // Excretion grows with yield and feeding (IPCC's VS and Nex scale with intake).
  const intake =
    clamp(perCow / 8000, 0.7, 1.4) * clamp((tonnes * 1000) / litres / 0.3, 0.8, 1.25) ** 0.3;
  const inputs: GhgInputs = {
    animals: [
      {
        category: 'dairy_cow',
        head: Math.round(head),
        vs_kg_per_head_day: round(4.5 * intake ** 0.5, 2),
        n_excreted_kg_per_head: round(110 * intake ** 0.6, 1),
        pasture_fraction: manure.pasture,
        storage: [
          { system: manure.system, fraction: round(1 - manure.pasture, 2), months: manure.months },
        ],
      },
    ],
    synthetic_n_kg: Math.round(
      annual.total_farmed_ha * manure.nPerHa * clamp(normal(draw, 1, 0.05), 0.85, 1.15),
    ),
    limestone_kg: Math.round(annual.total_farmed_ha * uniform(draw, 0, 400)),
    diesel_l: annual.diesel_litres,
    gas_oil_l: annual.gas_oil_litres,
    electricity_kwh: annual.electricity_kwh,
    area_ha: annual.total_farmed_ha,
    product: { kind: 'milk_kg', amount: Math.round(litres * MILK_KG_PER_LITRE) },
  };
  const result = evaluate('ghg', inputs);
  const at = `${String(year + 1)}-0${String(draw.int(1, 3))}-${String(draw.int(10, 28))}T${String(draw.int(8, 17))}:${String(draw.int(10, 59))}:00Z`;
  return {
    unit_id: unitId,
    calculator: CALCULATOR,
    name: `Baseline ${String(year)}`,
    role: 'baseline',
    method_version: result.methodVersion,
    inputs: inputs as Record<string, unknown>,
    result: { ...withSources(result), calculator: CALCULATOR, kind: 'ghg' },
    tables: snapshotTables(result),
    created_at: at,
    updated_at: at,
  };
}
