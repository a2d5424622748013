/**
 * Types of the Surveys and Submissions API (docs/openapi.yaml, tag Surveys), shared by the portal
 * and the server. A survey is a file config/surveys/<id>@<version>.json (schemas/survey.schema.json);
 * a farm unit answers it once per survey, at the version it started on.
 *
 * Answers are one object per page: `{ "<pageId>": { "<question>": value, … }, … }`, each page's
 * object valid against that page's `schema`. A question is named by its JSON pointer into the
 * answers, "/<pageId>/<question>", in prefill sources, field errors and CSV column titles.
 */

/** Dates are ISO `yyyy-MM-dd`; timestamps ISO 8601 in UTC. */
type IsoDate = string;
type IsoTimestamp = string;

/**
 * Where a survey stands for one unit.
 * - `not-started`: open, nothing saved yet;
 * - `draft`: answers saved, not submitted;
 * - `late`: past closesOn and not submitted (still answerable until lateUntil, if any);
 * - `closed`: past lateUntil and never submitted: no longer answerable;
 * - `submitted`: locked, awaiting the provider;
 * - `accepted`: the provider accepted it (locked);
 * - `queried`: the provider asked a question (comment); the farm may edit and submit again;
 * - `reopened`: the provider reopened it; the farm may edit and submit again.
 */
export type SurveyStatus =
  'not-started' | 'draft' | 'submitted' | 'late' | 'closed' | 'accepted' | 'queried' | 'reopened';

export const SURVEY_STATUSES: readonly SurveyStatus[] = [
  'not-started',
  'draft',
  'submitted',
  'late',
  'closed',
  'accepted',
  'queried',
  'reopened',
];

/** The statuses in which the farm may save a draft or submit. */
export const SURVEY_EDITABLE: readonly SurveyStatus[] = [
  'not-started',
  'draft',
  'late',
  'queried',
  'reopened',
];

export interface SurveyProvider {
  reference: string;
  name: string;
}

/** Who did something: a user's id and display name, and which side they are on. */
export interface SurveyActor {
  /** Null when the user no longer exists, or for a return imported or seeded without one. */
  id: number | null;
  name: string;
  side: 'farm' | 'provider';
}

/** One survey in a unit's inbox (GET /api/units/{unitId}/surveys). */
export interface SurveySummary {
  id: string;
  /** The version the unit's response is pinned to, or the current version when none started. */
  version: number;
  /** The newest published version (a draft may be pinned to an older one). */
  currentVersion: number;
  title: string;
  description: string | null;
  provider: SurveyProvider;
  /** The unit's plan(s) through which the survey is addressed to it (plan references). */
  plans: string[];
  opensOn: IsoDate;
  closesOn: IsoDate;
  /** Last day late answers are taken; null: taken with no end. */
  lateUntil: IsoDate | null;
  status: SurveyStatus;
  /** Whole days from the server's today to closesOn (negative once past). */
  daysToClose: number;
  /** Submitted after closesOn. */
  submittedLate: boolean;
  /** When the response last changed, or null when none was started. */
  updatedAt: IsoTimestamp | null;
  /** The latest submission, or null. */
  submittedAt: IsoTimestamp | null;
  /** How many pages the survey has, and how many of them hold an answer (for progress). */
  pageCount: number;
  pagesAnswered: number;
}

/** Where a question's answer may come from on the unit's data. */
export type SurveyPrefillRule =
  | {
      /** A record type of config/records/ and one of its fields. */
      record: string;
      field: string;
      /**
       * latest: the newest record's value; sum-12-months / mean-12-months / count-12-months: over
       * the records of the 12 months up to the newest one (by the record type's date field).
       */
      pick: 'latest' | 'sum-12-months' | 'mean-12-months' | 'count-12-months';
    }
  | {
      /** A calculator's short name (ghg-dairy, bps, stir, eiq…) and a key of its totals. */
      calculation: string;
      total: string;
    };

/** One page (section) of a survey as the wizard draws it. */
export interface SurveyPage {
  id: string;
  title: string;
  description?: string;
  /** JSON Schema (draft 2020-12, type object) of the page's questions. */
  schema: Record<string, unknown>;
  /** RJSF uiSchema, with the same widgets as record types. */
  uiSchema: Record<string, unknown>;
  /** By question name (a property of schema): where its answer may be prefilled from. */
  prefill: Record<string, SurveyPrefillRule>;
}

/** A survey at one version, as the wizard and the response view need it. */
export interface SurveyDefinition {
  id: string;
  version: number;
  title: string;
  description: string | null;
  provider: SurveyProvider;
  /** Whom it is addressed to: units holding any of these plans, or a plan with any feature. */
  targets: { plans: string[]; planFeatures: string[] };
  opensOn: IsoDate;
  closesOn: IsoDate;
  lateUntil: IsoDate | null;
  pages: SurveyPage[];
}

/** Where a prefilled answer came from: a record (as calculators' prefill) or a saved calculation. */
export interface SurveyPrefillSource {
  kind: 'record' | 'calculation';
  /** The record type, or for a calculation the calculator's name. */
  recordType: string;
  /** The record (for a sum, the newest of those summed) or the saved calculation. */
  recordId: string;
  /** Every record summed or counted, when there are several. */
  recordIds?: string[];
  /** In words, e.g. "Monthly record, Mar 2026" or "GHG What If? (Dairy): Baseline 2025". */
  label: string;
  /** The portal page that lists the source, e.g. /unit/records/monthly. */
  path: string;
  /** How the value was worked out, when it is more than one field copied. */
  note?: string;
}

/** Answers the unit's data gives, with their sources, keyed by question pointer. */
export interface SurveyPrefill {
  /** A partial answers object: only what the data gives. */
  answers: Record<string, Record<string, unknown>>;
  /** By question pointer "/<pageId>/<question>". */
  sources: Record<string, SurveyPrefillSource>;
  /** What could not be prefilled and why. */
  notes: string[];
}

/** A comment on a response: the provider's accept/query/reopen note, or the farm's on submit. */
export interface SurveyComment {
  id: number;
  kind: 'accept' | 'query' | 'reopen' | 'submit';
  text: string;
  by: SurveyActor;
  at: IsoTimestamp;
}

/** One kept version of a response: each submit, accept, query and reopen keeps the answers then. */
export interface SurveyResponseVersion {
  /** 1, 2, … in order. */
  number: number;
  event: 'submitted' | 'accepted' | 'queried' | 'reopened';
  /** The survey version the answers were given on. */
  surveyVersion: number;
  answers: Record<string, Record<string, unknown>>;
  by: SurveyActor;
  at: IsoTimestamp;
}

/** A unit's response to a survey. */
export interface SurveyResponse {
  surveyId: string;
  /** The survey version this response is pinned to (the one it was started on). */
  surveyVersion: number;
  unitId: number;
  status: SurveyStatus;
  answers: Record<string, Record<string, unknown>>;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  updatedBy: SurveyActor | null;
  submittedAt: IsoTimestamp | null;
  submittedBy: SurveyActor | null;
  submittedLate: boolean;
  /** Oldest first. */
  history: SurveyResponseVersion[];
  /** Oldest first; visible to the farm. */
  comments: SurveyComment[];
  lastReminder: SurveyReminder | null;
}

/** GET /api/units/{unitId}/surveys/{surveyId}: what the wizard opens with. */
export interface SurveyForUnit {
  summary: SurveySummary;
  /** The definition at the response's pinned version, or the current one when none started. */
  survey: SurveyDefinition;
  /** Null until a draft is saved. */
  response: SurveyResponse | null;
  /** From the unit's records and saved calculations now (empty once submitted). */
  prefill: SurveyPrefill;
  /** Whether the farm may save and submit now (status in SURVEY_EDITABLE and not closed). */
  editable: boolean;
}

/** PUT /api/units/{unitId}/surveys/{surveyId}/draft */
export interface SurveyDraftRequest {
  answers: Record<string, Record<string, unknown>>;
}

/** POST /api/units/{unitId}/surveys/{surveyId}/submit */
export interface SurveySubmitRequest {
  answers: Record<string, Record<string, unknown>>;
  /** An optional note to the provider, e.g. the answer to a query. */
  comment?: string;
}

/** A reminder sent by the provider's staff: recorded as an in-portal notice, no e-mail. */
export interface SurveyReminder {
  by: { id: number | null; name: string };
  at: IsoTimestamp;
}

/** Counts of the targeted units by status (each unit counted once, in its current status). */
export type SurveyStatusCounts = Record<SurveyStatus, number> & {
  /** Every unit the survey is addressed to. */
  targeted: number;
};

/** A survey in its provider's list (GET /api/surveys). */
export interface CompanySurveySummary {
  id: string;
  currentVersion: number;
  /** Every published version, oldest first. */
  versions: number[];
  title: string;
  description: string | null;
  provider: SurveyProvider;
  targets: { plans: string[]; planFeatures: string[] };
  opensOn: IsoDate;
  closesOn: IsoDate;
  lateUntil: IsoDate | null;
  /** open: between opensOn and closesOn; late: past closesOn, still answerable; closed; upcoming. */
  phase: 'upcoming' | 'open' | 'late' | 'closed';
  counts: SurveyStatusCounts;
}

/** GET /api/surveys/{surveyId}: the summary and the current definition. */
export interface CompanySurvey {
  summary: CompanySurveySummary;
  survey: SurveyDefinition;
}

/** What staff may do to one unit's return: POST /api/surveys/{surveyId}/responses/{unitId}/<action>. */
export type CompanyResponseAction = 'remind' | 'accept' | 'query' | 'reopen';

/** One targeted unit in a survey's responses list (GET /api/surveys/{surveyId}/responses). */
export interface CompanyResponseRow {
  unit: { id: number; name: string; holdingNumber: string };
  farm: { id: number; name: string };
  /** The provider's plan(s) of the unit the survey is addressed through. */
  plans: string[];
  status: SurveyStatus;
  /** The pinned version, or null when not started. */
  surveyVersion: number | null;
  updatedAt: IsoTimestamp | null;
  submittedAt: IsoTimestamp | null;
  submittedLate: boolean;
  lastReminder: SurveyReminder | null;
  /**
   * Whether the farm shares its survey answers with the provider (issue 20 point 3); when it does
   * not, the return's answers and actions are refused and only its status is listed.
   */
  shared: boolean;
  /**
   * The actions the server takes now on this return, decided by the rule that refuses the others
   * with 409 (server/surveys/response-actions.ts); in the order remind, accept, query, reopen.
   */
  actions: CompanyResponseAction[];
}

/** GET /api/surveys/{surveyId}/responses/{unitId}: one unit's response, read by the provider. */
export interface CompanyResponse {
  row: CompanyResponseRow;
  /** The definition at the response's pinned version (the current one when not started). */
  survey: SurveyDefinition;
  response: SurveyResponse | null;
}

/** POST …/accept and …/reopen take an optional comment; …/query needs one. */
export interface SurveyCommentRequest {
  comment?: string;
}

/** Everything a unit has sent its providers, in one list (GET /api/units/{unitId}/submissions). */
export type SubmissionType = 'survey' | 'grower-return' | 'load-passport' | 'qc-result';

export const SUBMISSION_TYPES: readonly SubmissionType[] = [
  'survey',
  'grower-return',
  'load-passport',
  'qc-result',
];

export interface SubmissionItem {
  /** Unique in the list: "survey:<surveyId>" or "record:<recordId>". */
  id: string;
  type: SubmissionType;
  title: string;
  provider: SurveyProvider;
  /** The submission's date: a survey's latest submit, a record's own date field. */
  date: IsoDate;
  status: 'submitted' | 'accepted' | 'queried' | 'reopened';
  /**
   * The portal path of the read-only return: /unit/surveys/<surveyId> for a survey, and
   * /unit/submissions/records/<recordId> for a record (read through
   * GET /api/units/{unitId}/submissions/records/{recordId}).
   */
  path: string;
  /** A survey return's pinned version; null for records. */
  surveyVersion: number | null;
}

/**
 * GET /api/units/{unitId}/submissions/records/{recordId}: a submitted record (grower return, load
 * passport, QC result) as the farm reads it, with its record type's schema and uiSchema to draw it
 * read-only through the same engine as record forms.
 */
export interface SubmissionRecordReturn {
  item: SubmissionItem;
  record: { id: number; unit_id: number; record_type: string; data: Record<string, unknown> };
  recordType: {
    name: string;
    title: string;
    itemTitle: string;
    schema: Record<string, unknown>;
    uiSchema: Record<string, unknown>;
  };
}

/** Query of the submissions list and its CSV. */
export interface SubmissionsQuery {
  /** A provider reference. */
  provider?: string;
  /** A calendar year of the submission's date. */
  year?: number;
  type?: SubmissionType;
  page?: number;
  per_page?: number;
}

/** An in-portal notice to a farm unit's users (GET /api/units/{unitId}/notices). */
export interface PortalNotice {
  id: number;
  kind: 'survey-reminder';
  unitId: number;
  title: string;
  message: string;
  from: SurveyProvider;
  by: { id: number | null; name: string };
  /** The portal path the notice leads to, e.g. /unit/surveys/<id>. */
  path: string;
  createdAt: IsoTimestamp;
  /** When the signed-in user marked it read, or null. */
  readAt: IsoTimestamp | null;
}
