import { numberFormat } from '../../core/format/numbers.ts';

/** Hectares to two decimals always (5.20, not 5.2), as areas are read and compared. */
export const hectareFigure = (areaHa: number): string =>
  numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(areaHa);

/** A field's area with its unit, "5.06 ha", or why there is none. */
export const hectares = (areaHa: number | null): string =>
  areaHa === null ? 'not mapped' : `${hectareFigure(areaHa)} ha`;
