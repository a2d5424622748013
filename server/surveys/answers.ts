import type { ErrorObject } from 'ajv';
import { ErrorType } from '../../shared/api.ts';
import { fieldMessages, RECORD_KEY } from '../../shared/field-messages.ts';
import { badRequest, fieldErrorMap, HttpError } from '../http/errors.ts';
import type { PagedFile, SurveyVersion } from './definitions.ts';
import type { Answers } from './store.ts';

/** The 406 of answers that break their survey's rules, by question pointer. */
const invalid = (message: string, errors: Record<string, string[]>) =>
  new HttpError(406, message, ErrorType.Validation, errors);

/** The 409 of a response or survey that does not take this now. */
export const locked = (message: string) =>
  new HttpError(409, message, 'Survey_Locked', [], 'Conflict');

/**
 * A draft's answers: an object of page objects, each page one of the pinned version's and each
 * key one of its questions. Values are not checked until submit, so a page may be half done.
 */
export function draftAnswers(body: unknown, version: SurveyVersion): Answers {
  const answers = (body as { answers?: unknown } | null)?.answers;
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw badRequest('Send the answers as {"answers": {"<page>": {"<question>": value}}}.', {
      answers: 'is not an object',
    });
  }
  const errors = fieldErrorMap();
  for (const [pageId, page] of Object.entries(answers as Record<string, unknown>)) {
    const declared = version.file.pages.find((p) => p.id === pageId);
    if (!declared) {
      errors[`/${pageId}`] = [
        `"${pageId}" is not a page of this survey (version ${String(version.file.version)})`,
      ];
      continue;
    }
    if (typeof page !== 'object' || page === null || Array.isArray(page)) {
      errors[`/${pageId}`] = ['must be an object of answers'];
      continue;
    }
    for (const question of Object.keys(page)) {
      if (!Object.hasOwn(declared.schema.properties, question)) {
        errors[`/${pageId}/${question}`] = [`${question} is not a question of this page`];
      }
    }
  }
  if (Object.keys(errors).length > 0) {
    throw invalid('The answers do not fit this survey: correct the questions listed.', errors);
  }
  return answers as Answers;
}

/**
 * Every page checked against its JSON Schema, as the wizard checks it: problems by question
 * pointer "/<page>/<question>" in the words of shared/field-messages.ts, "/<page>" for the page.
 */
export function submitProblems(
  answers: Answers,
  version: SurveyVersion<PagedFile>,
): Record<string, string[]> {
  const errors = fieldErrorMap();
  for (const page of version.file.pages) {
    const validate = version.validators.get(page.id);
    if (!validate) continue;
    const data = answers[page.id] ?? {};
    if (validate(data)) continue;
    const messages = fieldMessages(validate.errors as readonly ErrorObject[], page.schema);
    for (const [field, list] of Object.entries(messages)) {
      const key = field === RECORD_KEY ? `/${page.id}` : `/${page.id}/${field}`;
      errors[key] = [...(errors[key] ?? []), ...list];
    }
  }
  return errors;
}

export function assertSubmittable(answers: Answers, version: SurveyVersion): void {
  const errors = submitProblems(answers, version);
  if (Object.keys(errors).length > 0) {
    throw invalid(
      'The survey could not be submitted: correct the answers listed and try again.',
      errors,
    );
  }
}

/** Pages holding at least one answer, for the inbox's progress. */
export function pagesAnswered(answers: Answers, version: SurveyVersion): number {
  return version.file.pages.filter((page) =>
    Object.values(answers[page.id] ?? {}).some(
      (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ).length;
}
