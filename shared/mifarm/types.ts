/**
 * MiFarm's answers (issue 20 point 2; docs/openapi.yaml, tag MiFarm): the farm's profile, its
 * people and its fields. Areas are hectares worked out by the server from the field's boundary.
 */

/** A GeoJSON boundary in WGS84 longitude/latitude (RFC 7946): what a field's map is drawn from. */
export type FieldGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

export interface MiFarmField {
  id: number;
  name: string;
  land_use: string;
  /** Null for a field named by hand and not mapped yet. */
  geometry: FieldGeometry | null;
  /** Geodesic area of the boundary in hectares, to 4 decimals; null without one. */
  area_ha: number | null;
  updated_at: string;
  updated_by: string | null;
}

/** A crop record naming the field: its harvest year is that of its harvest date. */
export interface FieldCropRow {
  record_id: number;
  harvest_year: number | null;
  crop: string;
  variety: string | null;
  yield_t_per_ha: number | null;
  nitrogen_kg_per_ha: number | null;
}

export interface FieldLabRow {
  record_id: number;
  sample_date: string;
  sample_type: string;
  sample_reference: string | null;
  laboratory: string | null;
}

/**
 * A list of records on the field's page: its rows when the unit's plan lets the user read the
 * record type, else why not (the record type's rule does not hold).
 */
export type FieldRecords<T> = { readable: true; rows: T[] } | { readable: false; reason: string };

export interface MiFarmFieldDetail extends MiFarmField {
  crops: FieldRecords<FieldCropRow>;
  lab_results: FieldRecords<FieldLabRow>;
}

/** What an import did: the fields it added and those of the same name it redrew. */
export interface FieldImportResult {
  created: string[];
  updated: string[];
  fields: MiFarmField[];
}

export interface MiFarmPlan {
  id: number;
  name: string;
  provider: string;
}

export interface MiFarmHerdCount {
  /** What is counted: "Female", "Cows in milk"… */
  label: string;
  head: number;
  /** Where it comes from and when: "Animal records, on the holding at 2026-11-24". */
  source: string;
}

export interface MiFarmPerson {
  name: string;
  email: string;
}

export interface MiFarmProfile {
  farm: {
    name: string;
    address: string[];
    contact: { name: string; email: string; phone: string };
  };
  unit: {
    id: number;
    name: string;
    /** The unit's type: its enterprise (Dairy, Arable…). */
    enterprise: string;
    /** County Parish Holding number. */
    cph: string;
    /** Single Business Identifier, set by the farm; null until then. */
    sbi: string | null;
  };
  plans: MiFarmPlan[];
  herd: MiFarmHerdCount[];
  people: MiFarmPerson[];
}

export interface MiFarmProfileUpdate {
  sbi: string | null;
}

export interface FieldInput {
  name: string;
  land_use: string;
}
