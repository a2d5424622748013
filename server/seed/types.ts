/**
 * The shape of the demo dataset, one array per table of migration 0001.
 * Ids are assigned by the generator so that the same seed always yields the same rows.
 */
export type ProviderKind = 'processor' | 'retailer' | 'adviser' | 'college';

export interface ProviderRow {
  id: number;
  /** lower_snake_case; also the name of the provider's theme folder under themes/ */
  reference: string;
  name: string;
  kind: ProviderKind;
  contact_us_page_content: string | null;
  help_page_content: string | null;
  login_message: string | null;
}

export interface BusinessRow {
  id: number;
  name: string;
  type: 'farm' | 'company';
  sub_type: number;
  provider_id: number | null;
}

export interface FarmRow {
  id: number;
  business_id: number;
  name: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  contact_phone: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  county: string;
  postcode: string;
}

export interface UnitTypeRow {
  id: number;
  name: string;
}

export interface UnitRow {
  id: number;
  farm_id: number;
  name: string;
  unit_type_id: number;
  holding_number: string;
  supports_mifarm: boolean;
  supports_bcms_cts: boolean;
}

export interface PackageRow {
  id: number;
  provider_id: number;
  name: string;
  reference: string;
  visible_name: string;
  features: string[];
}

export interface UnitPackageRow {
  unit_id: number;
  package_id: number;
  /** yyyy-MM-dd */
  joined_on: string;
}

/** A user before its password is hashed; every demo user shares DEMO_PASSWORD. */
export interface DemoUser {
  id: number;
  business_id: number;
  type: 'farm_employee' | 'company_employee';
  first_name: string;
  last_name: string;
  username: string;
  access_to: Record<string, boolean>;
  /** One line for the README and the start-up banner. */
  description: string;
}

/** A record of a unit (config/records/<record_type>.json), as the records table holds it. */
export interface RecordRow {
  unit_id: number;
  record_type: string;
  data: Record<string, unknown>;
}

/**
 * A saved calculation as the calculations table holds it (migration 0011), stored as
 * server/calculators/saved.ts stores one; seeded ones have no author.
 */
export interface CalculationSeedRow {
  unit_id: number;
  calculator: string;
  name: string;
  role: 'baseline' | 'scenario';
  method_version: string;
  inputs: Record<string, unknown>;
  result: object;
  tables: object;
  /** ISO date-time. */
  created_at: string;
  updated_at: string;
}

export interface Dataset {
  providers: ProviderRow[];
  businesses: BusinessRow[];
  farms: FarmRow[];
  unitTypes: UnitTypeRow[];
  units: UnitRow[];
  packages: PackageRow[];
  unitPackages: UnitPackageRow[];
  users: DemoUser[];
  /** Records of the demo units (demo-records.ts) and across the farms (benchmark-records.ts). */
  records: RecordRow[];
  /** Saved calculator baselines across the farms (server/seed/benchmark-records.ts). */
  calculations: CalculationSeedRow[];
}

export interface DatasetOptions {
  /** How many generated farms besides the demo farms (default 2000). */
  farms?: number;
  /** PRNG seed (default 20260301). */
  seed?: number;
}
