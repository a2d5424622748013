import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root.ts';
import { lazyValidator, type Validator } from '../http/lazy-validator.ts';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type {
  SurveyDefinition,
  SurveyPage,
  SurveyPrefillRule,
} from '../../shared/surveys/types.ts';

const SURVEYS_DIR = projectPath('config', 'surveys');

/** One file config/surveys/<id>@<version>.json as written (schemas/survey.schema.json). */
export interface SurveyFile {
  id: string;
  version: number;
  provider: string;
  title: string;
  description?: string;
  targets: { plans?: string[]; planFeatures?: string[] };
  opensOn: string;
  closesOn: string;
  lateUntil?: string;
  pages: {
    id: string;
    title: string;
    description?: string;
    schema: PageSchema;
    uiSchema: Record<string, unknown>;
    prefill?: Record<string, SurveyPrefillRule>;
  }[];
}

export interface PageSchema {
  type: 'object';
  required?: string[];
  properties: Record<string, QuestionSchema>;
  [keyword: string]: unknown;
}

export interface QuestionSchema {
  type?: string | string[];
  title?: string;
  format?: string;
  oneOf?: unknown[];
  items?: unknown;
  [keyword: string]: unknown;
}

/** What a versioned file of pages has: a survey, or an assessment template (config/assessments/). */
export interface PagedFile {
  id: string;
  version: number;
  pages: { id: string; schema: PageSchema }[];
}

/** One version of a survey, compiled: a validator of each page's answers for submit. */
export interface SurveyVersion<F extends PagedFile = SurveyFile> {
  file: F;
  /** By page id: the page's schema, questions only (no other answers). */
  validators: Map<string, Validator>;
}

/** Every version of one survey, the newest last. */
export interface Survey<F extends PagedFile = SurveyFile> {
  id: string;
  versions: SurveyVersion<F>[];
}

export const currentVersion = <F extends PagedFile>(survey: Survey<F>): SurveyVersion<F> =>
  survey.versions[survey.versions.length - 1] as SurveyVersion<F>;

export function versionOf<F extends PagedFile>(
  survey: Survey<F>,
  version: number,
): SurveyVersion<F> | undefined {
  return survey.versions.find((v) => v.file.version === version);
}

const FILE_NAME = /^([a-z0-9][a-z0-9-]*)@([1-9][0-9]*)\.json$/;

/**
 * Every config/surveys/<id>@<version>.json, each page's validator compiled at its first use
 * (validate:config has checked them). Adding a survey or a version is adding a file; a published file is never edited.
 */
export function loadSurveys(dir = SURVEYS_DIR): Map<string, Survey> {
  return loadVersionedPages<SurveyFile>(dir);
}

/**
 * Every <id>@<version>.json of a folder of paged files (surveys, assessment templates), each
 * page's validator (compiled at its first use), grouped by id with the versions in order.
 */
export function loadVersionedPages<F extends PagedFile>(dir: string): Map<string, Survey<F>> {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
  addFormats(ajv);
  const surveys = new Map<string, Survey<F>>();
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => FILE_NAME.test(f));
  } catch {
    return surveys;
  }
  for (const name of files.sort()) {
    const { $schema: _schema, ...file } = JSON.parse(
      readFileSync(path.join(dir, name), 'utf8'),
    ) as F & { $schema?: string };
    const validators = new Map<string, Validator>();
    for (const page of file.pages) {
      // A page's answers hold only its questions.
      validators.set(page.id, lazyValidator(ajv, { ...page.schema, additionalProperties: false }));
    }
    const survey: Survey<F> = surveys.get(file.id) ?? { id: file.id, versions: [] };
    survey.versions.push({ file: file as F, validators });
    surveys.set(file.id, survey);
  }
  for (const survey of surveys.values()) {
    survey.versions.sort((a, b) => a.file.version - b.file.version);
  }
  return surveys;
}

/**
 * The providers that send surveys: the `provider` of every config/surveys/ file, each once. The
 * access rules' flag provider_sends_surveys reads it (shared/access/state.ts); the portal reads
 * the same field of the same files at build (src/engine/survey-providers.ts).
 */
export function readSurveyProviders(dir = SURVEYS_DIR): string[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => FILE_NAME.test(f));
  } catch {
    return [];
  }
  const providers = files.map(
    (name) => (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SurveyFile).provider,
  );
  return [...new Set(providers)].sort();
}

/** A version as the API gives it, with its provider's name. */
export function definitionOf(
  version: SurveyVersion,
  provider: { reference: string; name: string },
): SurveyDefinition {
  const f = version.file;
  return {
    id: f.id,
    version: f.version,
    title: f.title,
    description: f.description ?? null,
    provider: { reference: provider.reference, name: provider.name },
    targets: { plans: f.targets.plans ?? [], planFeatures: f.targets.planFeatures ?? [] },
    opensOn: f.opensOn,
    closesOn: f.closesOn,
    lateUntil: f.lateUntil ?? null,
    pages: f.pages.map((p): SurveyPage => ({
      id: p.id,
      title: p.title,
      ...(p.description === undefined ? {} : { description: p.description }),
      schema: p.schema,
      uiSchema: p.uiSchema,
      prefill: p.prefill ?? {},
    })),
  };
}

/** Whether a plan (of the survey's provider) is one the survey is addressed to. */
export function targetsPlan(
  file: SurveyFile,
  plan: { reference: string; provider_reference: string; features: readonly string[] },
): boolean {
  if (plan.provider_reference !== file.provider) return false;
  if (!plan.features.includes('surveys')) return false;
  if ((file.targets.plans ?? []).includes(plan.reference)) return true;
  return (file.targets.planFeatures ?? []).some((f) => plan.features.includes(f));
}
