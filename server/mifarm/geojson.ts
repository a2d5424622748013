import area from '@turf/area';
import kinks from '@turf/kinks';
import type { FieldGeometry } from '../../shared/mifarm/types.ts';
import {
  cleanFieldName,
  fieldNameProblem,
  isLandUse,
  LAND_USES,
  type LandUse,
} from '../../shared/mifarm/rules.ts';

/** A field read from an import file, checked: its boundary and area, hectares. */
export interface ImportedField {
  name: string;
  /** The land use the file gives, or null to keep the field's own (a new one takes the default). */
  landUse: LandUse | null;
  geometry: FieldGeometry;
  areaHa: number;
}

/** What is wrong with a file: one message for the file, or each feature's problems by its key. */
export type ImportProblems = { file: string } | { features: Record<string, string[]> };

export type ImportOutcome =
  { ok: true; fields: ImportedField[] } | { ok: false; problems: ImportProblems };

/** Enough for a farm's fields many times over; a bigger file is not a farm's field boundaries. */
export const MAX_IMPORT_FEATURES = 1000;
export const MAX_IMPORT_POSITIONS = 200_000;

const SQUARE_METRES_PER_HECTARE = 10_000;

/** The geodesic area of a boundary in hectares (turf: the WGS84 ellipsoid's authalic sphere). */
export function areaHectares(geometry: FieldGeometry): number {
  return area(geometry) / SQUARE_METRES_PER_HECTARE;
}

type Position = number[];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A position's problem: two or three finite numbers, longitude then latitude in range. */
function positionProblem(p: unknown): string | null {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every(Number.isFinite))
    return 'has a position that is not [longitude, latitude]';
  const [lon, lat] = p as [number, number];
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
    // Metres east and north (British National Grid, EPSG:27700) are the usual mistake.
    const hint =
      Math.abs(lon) > 1000 && Math.abs(lat) > 1000
        ? ' (these look like metres, e.g. British National Grid: export the file in WGS84, EPSG:4326)'
        : '';
    return `has coordinates out of range: ${String(lon)}, ${String(lat)} is not a longitude from −180 to 180 and a latitude from −90 to 90${hint}`;
  }
  return null;
}

/** A linear ring's problems (RFC 7946 3.1.6): four or more positions, the last the first. */
function ringProblem(ring: unknown): string | null {
  if (!Array.isArray(ring)) return 'has a ring that is not a list of positions';
  for (const p of ring) {
    const problem = positionProblem(p);
    if (problem) return problem;
  }
  const positions = ring as Position[];
  if (positions.length < 4) return 'has a ring of fewer than 4 positions, which encloses nothing';
  const first = positions[0] ?? [];
  const last = positions.at(-1) ?? [];
  if (first[0] !== last[0] || first[1] !== last[1])
    return 'has a boundary that is not closed: its last position must repeat its first';
  return null;
}

function polygonProblem(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return 'has a polygon with no rings';
  for (const ring of rings) {
    const problem = ringProblem(ring);
    if (problem) return problem;
  }
  const crossings = kinks({ type: 'Polygon', coordinates: rings as Position[][] }).features;
  const at = crossings[0]?.geometry.coordinates;
  if (at) {
    const where = `${(at[0] ?? 0).toFixed(5)}, ${(at[1] ?? 0).toFixed(5)}`;
    return `has a boundary that crosses itself (near ${where}): redraw it so that it does not`;
  }
  return null;
}

function positionsIn(geometry: FieldGeometry): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((n, rings) => n + rings.reduce((m, ring) => m + ring.length, 0), 0);
}

/** A feature's geometry as a field's boundary, or why it cannot be one. */
function boundaryOf(geometry: unknown): FieldGeometry | string {
  if (!isObject(geometry)) return 'has no geometry';
  const { type, coordinates } = geometry;
  if (type === 'Polygon') {
    const problem = polygonProblem(coordinates);
    return problem ?? { type, coordinates: coordinates as Position[][] };
  }
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0)
      return 'is a MultiPolygon with no polygons';
    for (const polygon of coordinates) {
      const problem = polygonProblem(polygon);
      if (problem) return problem;
    }
    return { type, coordinates: coordinates as Position[][][] };
  }
  return `is a ${typeof type === 'string' ? type : 'geometry of no type'}, not a Polygon or MultiPolygon: a field's boundary must enclose an area`;
}

/**
 * Reads a GeoJSON FeatureCollection of field boundaries (RFC 7946: WGS84 longitude/latitude),
 * one Feature a field with its name in properties.name and, optionally, its land use in
 * properties.land_use. Every feature is checked (a Polygon or MultiPolygon, rings closed, no
 * boundary crossing itself, coordinates in range, a name once in the file) and each problem is
 * named by the feature's name and number; a file with any problem imports nothing.
 */
export function readFieldBoundaries(bytes: Buffer): ImportOutcome {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problems: { file: 'is not valid JSON, so it is not a GeoJSON file' } };
  }
  if (!isObject(json) || json.type !== 'FeatureCollection' || !Array.isArray(json.features))
    return {
      ok: false,
      problems: {
        file: 'must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}',
      },
    };
  const features: unknown[] = json.features;
  if (features.length === 0) return { ok: false, problems: { file: 'holds no features' } };
  if (features.length > MAX_IMPORT_FEATURES)
    return {
      ok: false,
      problems: { file: `holds more than ${String(MAX_IMPORT_FEATURES)} features` },
    };

  const problems: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const fields: ImportedField[] = [];
  const seen = new Map<string, number>();
  let positions = 0;
  features.forEach((feature, index) => {
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    const rawName = properties.name;
    const label =
      typeof rawName === 'string' && cleanFieldName(rawName) !== ''
        ? `Feature ${String(index + 1)} (${cleanFieldName(rawName)})`
        : `Feature ${String(index + 1)}`;
    const own: string[] = [];
    if (!isObject(feature) || feature.type !== 'Feature') own.push('is not a GeoJSON Feature');
    const nameProblem = fieldNameProblem(rawName);
    if (nameProblem) own.push(`needs a name in properties.name: it ${nameProblem}`);
    const landUse = properties.land_use;
    if (landUse !== undefined && landUse !== null && !isLandUse(landUse))
      own.push(`has a land_use that is not one of ${LAND_USES.join(', ')}`);
    const boundary = isObject(feature) ? boundaryOf(feature.geometry) : 'has no geometry';
    if (typeof boundary === 'string') own.push(boundary);
    if (typeof rawName === 'string' && nameProblem === null) {
      const key = cleanFieldName(rawName).toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined)
        own.push(`has the same name as feature ${String(earlier + 1)}: each field once`);
      else seen.set(key, index);
    }
    if (own.length > 0) {
      problems[label] = own;
      return;
    }
    const geometry = boundary as FieldGeometry;
    positions += positionsIn(geometry);
    const areaHa = areaHectares(geometry);
    if (!(areaHa > 0)) {
      problems[label] = ['encloses no area'];
      return;
    }
    fields.push({
      name: cleanFieldName(rawName as string),
      landUse: isLandUse(landUse) ? landUse : null,
      geometry,
      areaHa,
    });
  });
  if (positions > MAX_IMPORT_POSITIONS)
    return {
      ok: false,
      problems: { file: `holds more than ${String(MAX_IMPORT_POSITIONS)} positions` },
    };
  if (Object.keys(problems).length > 0) return { ok: false, problems: { features: problems } };
  return { ok: true, fields };
}
