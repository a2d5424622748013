/**
 * Vet Vision assessments (issue 20 point 1): the templates of config/assessments/ and the API's
 * shapes, shared by the server and the portal. A template is versioned like a survey; an
 * assessment keeps the version it was started on.
 */

/** Answers: one object per section id, as survey answers. */
export type AssessmentAnswers = Record<string, Record<string, unknown>>;

/** A question as "<section>/<question>". */
export type AnswerRef = string;

export type KpiCompute =
  | { kind: 'answer'; answer: AnswerRef }
  | { kind: 'ratio'; part: AnswerRef[]; whole: AnswerRef[]; scale: number }
  | { kind: 'yes-share'; answers: AnswerRef[] };

export interface KpiSource {
  title: string;
  url?: string;
  note: string;
}

export interface KpiDefinition {
  id: string;
  title: string;
  unit: string;
  decimals: number;
  better: 'lower' | 'higher';
  compute: KpiCompute;
  source: KpiSource;
}

export interface AssessmentSection {
  id: string;
  title: string;
  description?: string;
  schema: { type: 'object'; required?: string[]; properties: Record<string, unknown> };
  uiSchema: Record<string, unknown>;
}

/** One file config/assessments/<id>@<version>.json (schemas/assessment.schema.json). */
export interface AssessmentTemplate {
  id: string;
  version: number;
  title: string;
  description?: string;
  species: 'dairy' | 'beef';
  pages: AssessmentSection[];
  kpis: KpiDefinition[];
}

export type AssessmentStatus = 'draft' | 'signed';

export interface AssessmentPerson {
  id: number;
  name: string;
  side: 'farm' | 'provider';
}

export interface AssessmentAction {
  id: number;
  description: string;
  owner: string;
  /** yyyy-MM-dd */
  dueOn: string;
  doneAt: string | null;
  doneBy: AssessmentPerson | null;
}

/** A headline KPI's value on one assessment: null while its answers are missing. */
export type KpiValues = Record<string, number | null>;

export interface AssessmentSummary {
  id: number;
  unitId: number;
  template: { id: string; version: number; title: string };
  /** yyyy-MM-dd */
  visitDate: string;
  vetName: string;
  practice: string;
  status: AssessmentStatus;
  kpis: KpiValues;
  openActions: number;
  createdBy: AssessmentPerson;
  signedBy: AssessmentPerson | null;
  signedAt: string | null;
  updatedAt: string;
}

export interface Assessment extends AssessmentSummary {
  answers: AssessmentAnswers;
  actions: AssessmentAction[];
  /** What the caller may do now, decided by the server. */
  may: { edit: boolean; sign: boolean; markActionsDone: boolean };
}

/**
 * GET /api/units/{unit}/assessments/templates: every version of every template, the newest of
 * each marked current (a new assessment pins it; older ones are read by what they were started on).
 */
export interface AssessmentTemplates {
  templates: AssessmentTemplate[];
  /** By template id: its newest version. */
  current: Record<string, number>;
}

/** The body of POST /api/units/{unit}/assessments and PUT …/{id}. */
export interface AssessmentInput {
  /** POST only: the template's id; the newest version is pinned. */
  template?: string;
  visitDate: string;
  vetName: string;
  practice: string;
  answers: AssessmentAnswers;
  actions: { description: string; owner: string; dueOn: string }[];
}

export const templateKey = (t: { id: string; version: number }): string =>
  `${t.id}@${String(t.version)}`;
