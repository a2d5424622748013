/**
 * Types of the HTTP API shared by the portal (src/) and the server (server/).
 * Every success body is ApiSuccess<T>; every error body is ApiErrorBody.
 */

export interface ApiSuccess<T> {
  status: true;
  data: T;
}

/** Where the server raised an error; only sent when NODE_ENV is not production. */
export interface BacktraceFrame {
  action: string;
  file: string;
  line: number;
}

/** The spec's server error object (section 3), flat beside status: false. */
export interface ApiErrorBody {
  status: false;
  type: string;
  type_label: string;
  code: number;
  msg: string;
  errors: string[] | Record<string, string | string[]>;
  /** Security_ClockSkew only: the server's clock in epoch seconds, to sign with instead. */
  server_time?: number;
  thrown_from?: string;
  backtrace?: BacktraceFrame[];
}

export type UserType = 'none' | 'farm_employee' | 'company_employee';

export interface UserBusiness {
  id: number;
  name: string;
  type: 'farm' | 'company';
  sub_type: number;
}

export interface UserProvider {
  id: number;
  reference: string;
}

export interface ApiUser {
  id: number;
  type: UserType;
  first_name: string;
  last_name: string;
  username: string;
  business: UserBusiness;
  /** Company staff belong to a provider; farm users get theirs from the selected plan. */
  provider: UserProvider | null;
  accessTo: Record<string, boolean>;
}

export interface AuthToken {
  key: string;
  secret: string;
  /** Epoch seconds. */
  expires_at: number;
}

export interface AuthResponse {
  user: ApiUser;
  auth_token: AuthToken;
}

export interface LoginRequest {
  username: string;
  password: string;
}

/** Error types the server sends; the portal's error catalogue keys on some of them. */
export const ErrorType = {
  BadRequest: 'Request_BadRequest',
  Unauthorised: 'Security_Unauthorised',
  /** A (key, nonce) pair already used: the request was sent twice, or replayed by a third party. */
  ReplayedRequest: 'Security_ReplayedRequest',
  /** The timestamp is too far from the server's clock; the body carries server_time. */
  ClockSkew: 'Security_ClockSkew',
  InvalidCredentials: 'Security_InvalidCredentials',
  PermissionDenied: 'Security_PermissionDenied',
  NotFound: 'Request_NotFound',
  Validation: 'Request_ValidationFailed',
  TooManyRequests: 'Security_TooManyRequests',
  /** 503: the server is at capacity for this kind of work; retry after Retry-After seconds. */
  Busy: 'Server_Busy',
  Internal: 'Server_InternalError',
  /** 400: the Idempotency-Key header is not 16 to 64 letters, digits, - or _. */
  IdempotencyKeyInvalid: 'Idempotency_InvalidKey',
  /** 409: the key's first request is still being processed; retry shortly for its answer. */
  IdempotencyKeyInProgress: 'Idempotency_InProgress',
  /** 422: the key was first used with another method, path or body; a new write needs a new key. */
  IdempotencyKeyReused: 'Idempotency_KeyReused',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** A plan: what the spec calls a package. */
export interface ApiPackage {
  id: number;
  name: string;
  reference: string;
  visible_name: string;
  provider_id: number;
  provider_reference: string;
  provider_name: string;
  features: string[];
}

export interface ApiUnit {
  id: number;
  name: string;
  unit_type_id: number;
  supports: { mifarm: boolean; bcms_cts: boolean };
  packages: ApiPackage[];
}

/** GET /accounts/farms/?api_action=get_farm_unit_and_package_details&id=FARM */
export interface ApiFarm {
  id: number;
  name: string;
  units: ApiUnit[];
}

/** GET /branding/{name}: a provider's own page content, HTML or null. */
export interface BrandingContent {
  contact_us_page_content: string | null;
  help_page_content: string | null;
  login_message: string | null;
}

/** Every paged list answers this shape; requests take page (from 1) and per_page. */
export interface ApiPaged<T> {
  total_records: number;
  current_page: number;
  records_per_page: number;
  records: T[];
}

export interface PostalAddress {
  line1: string;
  line2: string | null;
  town: string;
  county: string;
  postcode: string;
}

export interface UnitBadge {
  kind: 'unit_type' | 'plan' | 'support';
  label: string;
}

/** One row of the company users' units list. */
/**
 * GET /accounts/units: a paged result whose total may be capped ("1,000+ units": counting every
 * unit of an unsearched list would cost a pass over them all; a search's total is exact), and the
 * cursor of the next page.
 */
export interface ApiUnitsPage extends ApiPaged<ApiUnitListing> {
  /** True when more units match than total_records, which is then the count's cap. */
  total_capped: boolean;
  /** Send as `after` for the page after this one (keyset paging); null on the last page. */
  next_after: string | null;
}

export interface ApiUnitListing {
  unit_id: number;
  unit_name: string;
  unit_type_id: number;
  farm_id: number;
  farm_name: string;
  main_contact_first_name: string;
  main_contact_last_name: string;
  address: PostalAddress;
  badges: UnitBadge[];
}

/** One farm record; data holds the fields of its record type (config/records/<type>.json). */
export interface ApiRecord {
  id: number;
  unit_id: number;
  record_type: string;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** GET /accounts/units/{unitId}/summary/{planId}: the unit at a glance under one plan. */
export interface ApiUnitSummary {
  unit: {
    id: number;
    name: string;
    unit_type_id: number;
    unit_type_name: string;
    holding_number: string;
    supports: { mifarm: boolean; bcms_cts: boolean };
  };
  farm: {
    id: number;
    name: string;
    main_contact: { first_name: string; last_name: string; email: string; phone: string };
    address: {
      line1: string;
      line2: string | null;
      town: string;
      county: string;
      postcode: string;
    };
  };
  plan: ApiPackage & { joined_on: string };
  /** One entry per record type the plan includes, in config order. */
  records: {
    record_type: string;
    title: string;
    count: number;
    latest: ApiRecord | null;
  }[];
  /** When any record of the unit last changed (ISO 8601), or null when it has none. */
  last_updated_at: string | null;
}

/** The notices a user can choose to receive from a provider, and their defaults. */
export const NOTIFICATION_DEFAULTS = {
  email_news: true,
  email_documents: true,
  email_deadlines: true,
  email_results: false,
  sms_urgent: false,
  /** In-portal reminders from the provider to answer its surveys (no e-mail is sent). */
  survey_reminders: true,
} as const;

export type NotificationSettings = Record<keyof typeof NOTIFICATION_DEFAULTS, boolean>;

export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

/** Passwords shorter than this are refused when changed. */
export const MIN_PASSWORD_LENGTH = 12;

export type ArticleKind = 'news' | 'knowledge-exchange';

/** An article in a list; GET of one article adds body_html (sanitise before rendering). */
export interface ApiArticleSummary {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string;
  author: string;
  published_on: string;
  provider_name: string;
}

export interface ApiArticle extends ApiArticleSummary {
  body_html: string;
}

/** A file kept on a unit; its bytes come from GET .../documents/{id}/content. */
export interface ApiDocument {
  id: number;
  unit_id: number;
  /** The file name as it downloads: the uploaded name, with the detected type's extension. */
  name: string;
  media_type: string;
  size_bytes: number;
  uploaded_at: string;
  uploaded_by: { id: number; name: string } | null;
  /** Farm users may delete any file of their farm; company staff only the files they uploaded. */
  can_delete: boolean;
}

/**
 * Where a prefilled calculator input came from (GET /api/units/{unit}/calculators/{name}/prefill):
 * the record, in words, and the portal page that lists its type.
 */
export interface ApiPrefillSource {
  recordType: string;
  /** The record; for a sum or a count, the latest of its records. */
  recordId: string;
  /** Every record summed or counted, when there are several. */
  recordIds?: string[];
  /** E.g. "Monthly record, Mar 2026". */
  label: string;
  /** The portal page listing that record type, e.g. /unit/records/monthly. */
  path: string;
  /** How the value was worked out, when it is more than one field copied. */
  note?: string;
}

/** A calculator's baseline inputs from the unit's records, each with its source. */
export interface ApiCalculatorPrefill {
  /** A partial inputs object of the calculator: only what the records give. */
  inputs: Record<string, unknown>;
  /** By the input's dotted path: animals.0.head, synthetic_n_kg, product.amount… */
  sources: Record<string, ApiPrefillSource>;
  /** What could not be prefilled and why. */
  notes: string[];
}

/** A saved calculation in its unit's list (GET /api/units/{unit}/calculations?calculator=). */
export interface ApiCalculationSummary {
  id: string;
  name: string;
  /** The calculator's short API name (ghg-dairy, bps, stir, eiq…). */
  calculator: string;
  role: 'baseline' | 'scenario';
  baselineId: string | null;
  /** The method version it was computed on. */
  methodVersion: string;
  /** The calculator's default method now: when it differs, offer to recompute. */
  currentMethodVersion: string;
  /** The stored result's totals. */
  totals: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: string; name: string } | null;
}

/** One table a saved result read: its role, provenance and the values read. */
export interface ApiCalculationTable {
  role: string;
  title: string;
  source: string;
  sourceUrl?: string;
  year: number;
  gwpBasis: string;
  unit?: string;
  /** The values its lines cite, by entry key or JSON pointer; a table none cites, whole. */
  values: Record<string, unknown>;
}

/** A saved calculation as computed then: its inputs, result (as evaluate answers) and tables. */
export interface ApiCalculation extends ApiCalculationSummary {
  inputs: Record<string, unknown>;
  result: Record<string, unknown> & { totals: Record<string, unknown> };
  /** By <id>@<version>. */
  tables: Record<string, ApiCalculationTable>;
}
