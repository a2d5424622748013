/**
 * MiFarm's input rules, one place for the server (which enforces them) and the portal (which
 * says them before sending): the SBI's form, a field's name and its land uses.
 */

/** The Rural Payments Agency's Single Business Identifier: nine digits. */
export const SBI_PATTERN = /^\d{9}$/;
export const SBI_HINT = 'must be the 9 digits of your Single Business Identifier (SBI)';

export const FIELD_NAME_MAX = 60;

/** A field's land use, as the farm says it (the RPA's land cover classes, simplified). */
export const LAND_USES = [
  'Permanent grassland',
  'Temporary grassland',
  'Arable',
  'Rough grazing',
  'Woodland',
  'Other',
] as const;
export type LandUse = (typeof LAND_USES)[number];
/** What an imported field without a land_use property is taken to be until the farm says. */
export const DEFAULT_LAND_USE: LandUse = 'Permanent grassland';

export const isLandUse = (value: unknown): value is LandUse =>
  typeof value === 'string' && (LAND_USES as readonly string[]).includes(value);

/** A field's name as stored: spaces trimmed and runs of spaces made one. */
export const cleanFieldName = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** Why a field name cannot be used, or null when it can. */
export function fieldNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || cleanFieldName(value) === '') return 'is required';
  if (cleanFieldName(value).length > FIELD_NAME_MAX)
    return `must be at most ${String(FIELD_NAME_MAX)} characters`;
  return null;
}
