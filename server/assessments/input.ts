import type { AssessmentAnswers, AssessmentInput } from '../../shared/assessments/types.ts';
import { ErrorType } from '../../shared/api.ts';
import { fieldErrorMap, HttpError } from '../http/errors.ts';
import { submitProblems } from '../surveys/answers.ts';
import type { TemplateVersion } from './templates.ts';

const invalid = (message: string, errors: Record<string, string[]>) =>
  new HttpError(406, message, ErrorType.Validation, errors);

/** The 409 of a signed assessment, which nobody edits. */
export const signedAlready = (what: string) =>
  new HttpError(409, what, 'Assessment_Signed', [], 'Conflict');

const MAX_ACTIONS = 50;

const isDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

/**
 * A draft's body: the visit (date, vet, practice), answers whose sections and questions are the
 * pinned version's (values are checked only at signing, so a draft may be half done) and its
 * actions. 406 by field: "visitDate", "/<section>/<question>", "actions/<n>/dueOn".
 */
export function draftInput(body: unknown, version: TemplateVersion): AssessmentInput {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = fieldErrorMap();
  const visitDate = input.visitDate;
  if (!isDate(visitDate)) errors.visitDate = ['Visit date must be a date (yyyy-MM-dd)'];
  const vetName = text(input.vetName, 120);
  if (vetName === null) errors.vetName = ['Vet is required (up to 120 characters)'];
  const practice = text(input.practice, 120);
  if (practice === null) errors.practice = ['Practice is required (up to 120 characters)'];

  const answers: unknown = input.answers ?? {};
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    errors.answers = ['must be an object of sections'];
  } else {
    for (const [sectionId, section] of Object.entries(answers as Record<string, unknown>)) {
      const declared = version.file.pages.find((p) => p.id === sectionId);
      if (!declared) {
        errors[`/${sectionId}`] = [`"${sectionId}" is not a section of this template`];
      } else if (typeof section !== 'object' || section === null || Array.isArray(section)) {
        errors[`/${sectionId}`] = ['must be an object of answers'];
      } else {
        for (const question of Object.keys(section)) {
          if (!Object.hasOwn(declared.schema.properties, question))
            errors[`/${sectionId}/${question}`] = [`${question} is not a question of this section`];
        }
      }
    }
  }

  const actions: AssessmentInput['actions'] = [];
  const given = input.actions ?? [];
  if (!Array.isArray(given) || given.length > MAX_ACTIONS) {
    errors.actions = [`must be a list of at most ${String(MAX_ACTIONS)} actions`];
  } else {
    given.forEach((raw: unknown, i) => {
      const action = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
        string,
        unknown
      >;
      const description = text(action.description, 500);
      const owner = text(action.owner, 120);
      const at = `actions/${String(i)}`;
      if (description === null) errors[`${at}/description`] = ['What is to be done is required'];
      if (owner === null) errors[`${at}/owner`] = ['Who does it is required'];
      if (!isDate(action.dueOn)) errors[`${at}/dueOn`] = ['Due date must be a date (yyyy-MM-dd)'];
      if (description !== null && owner !== null && isDate(action.dueOn))
        actions.push({ description, owner, dueOn: action.dueOn });
    });
  }
  if (Object.keys(errors).length > 0) {
    throw invalid('The assessment could not be saved: correct the fields listed.', errors);
  }
  return {
    visitDate: visitDate as string,
    vetName: vetName as string,
    practice: practice as string,
    answers: answers as AssessmentAnswers,
    actions,
  };
}

/** Before signing, every section is checked against its schema, as the form checks it. */
export function assertSignable(answers: AssessmentAnswers, version: TemplateVersion): void {
  const errors = submitProblems(answers, version);
  if (Object.keys(errors).length > 0) {
    throw invalid(
      'The assessment could not be signed: correct the answers listed and try again.',
      errors,
    );
  }
}
