/**
 * The STIR screen's rows on the calculators' method library (shared/calc/stir.ts): the
 * Soil Tillage Intensity Rating (USDA-NRCS, RUSLE2) of one soil-disturbing operation,
 *   STIR = (0.5 × speed in mph) × (3.25 × tillage type modifier) × depth in inches × area disturbed,
 * with the modifiers of the default method's table (config/calculators/tables/rusle2-stir@1.json),
 * so that the screen shows what the evaluation API answers. A field's rating for a year is the
 * sum over its operations.
 */
import { stirOfMeasured, tillageModifier } from '../../../shared/calc/stir.ts';
import { methodFor, tableOf } from '../../../shared/calc/tables.ts';

const STIR_TABLE = tableOf(methodFor('stir'), 'stir');

/** The modifier of a tillage type in the method's table. */
function modifierOf(id: string): number {
  const modifier = tillageModifier(STIR_TABLE, id);
  if (modifier === undefined) throw new Error(`Unknown tillage type "${id}"`);
  return modifier;
}

export const TILLAGE_TYPES = [
  {
    id: 'inversion',
    label: 'Inversion with some mixing (e.g. mouldboard plough)',
    modifier: modifierOf('inversion'),
  },
  {
    id: 'mixing-inversion',
    label: 'Mixing with some inversion (e.g. disc harrow)',
    modifier: modifierOf('mixing-inversion'),
  },
  {
    id: 'mixing',
    label: 'Mixing only (e.g. power harrow, cultivator)',
    modifier: modifierOf('mixing'),
  },
  {
    id: 'lifting',
    label: 'Lifting and fracturing (e.g. subsoiler)',
    modifier: modifierOf('lifting'),
  },
  { id: 'compression', label: 'Compression (e.g. roller)', modifier: modifierOf('compression') },
] as const;

export type TillageTypeId = (typeof TILLAGE_TYPES)[number]['id'];

export interface Operation {
  name: string;
  type: TillageTypeId;
  speedKmh: number;
  depthCm: number;
  /** Percent of the soil surface the operation disturbs, 0-100. */
  areaDisturbedPercent: number;
}

export function stirOf(operation: Operation): number {
  const type = TILLAGE_TYPES.find((t) => t.id === operation.type);
  if (!type) throw new Error(`Unknown tillage type "${operation.type}"`);
  return stirOfMeasured(
    {
      speed_kmh: operation.speedKmh,
      depth_cm: operation.depthCm,
      surface_disturbed_pct: operation.areaDisturbedPercent,
    },
    type.modifier,
  );
}

export const stirTotal = (operations: readonly Operation[]): number =>
  operations.reduce((total, operation) => total + stirOf(operation), 0);
