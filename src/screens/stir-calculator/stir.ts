/**
 * The Soil Tillage Intensity Rating (USDA-NRCS, RUSLE2) of one soil-disturbing operation:
 *   STIR = (0.5 × speed in mph) × (3.25 × tillage type modifier) × depth in inches × area disturbed
 * where the area disturbed is the share of the surface (0-1). A field's rating for a year is the
 * sum over its operations. The portal takes metric inputs and converts them.
 */

export const TILLAGE_TYPES = [
  { id: 'inversion', label: 'Inversion with some mixing (e.g. mouldboard plough)', modifier: 1 },
  { id: 'mixing-inversion', label: 'Mixing with some inversion (e.g. disc harrow)', modifier: 0.8 },
  { id: 'mixing', label: 'Mixing only (e.g. power harrow, cultivator)', modifier: 0.7 },
  { id: 'lifting', label: 'Lifting and fracturing (e.g. subsoiler)', modifier: 0.4 },
  { id: 'compression', label: 'Compression (e.g. roller)', modifier: 0.15 },
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

const KM_PER_MILE = 1.609344;
const CM_PER_INCH = 2.54;

export function stirOf(operation: Operation): number {
  const type = TILLAGE_TYPES.find((t) => t.id === operation.type);
  if (!type) throw new Error(`Unknown tillage type "${operation.type}"`);
  const mph = operation.speedKmh / KM_PER_MILE;
  const inches = operation.depthCm / CM_PER_INCH;
  return 0.5 * mph * (3.25 * type.modifier) * inches * (operation.areaDisturbedPercent / 100);
}

export const stirTotal = (operations: readonly Operation[]): number =>
  operations.reduce((total, operation) => total + stirOf(operation), 0);
