import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import formLoaders, { type BuiltSurveyPage } from 'virtual:survey-forms';

/** One page of a survey version as the wizard draws and checks it. */
export interface SurveyPageForm {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

type BuiltLoaders = Record<string, () => Promise<{ default: BuiltSurveyPage[] }>>;

/**
 * The pages of a version (by id and version) with their RJSF validators, from the functions
 * compiled at build time (scripts/vite/survey-forms.ts): the browser compiles nothing, as for
 * record forms. The schema drawn is the built one, the very schema each validator was compiled
 * from. One loader per kind of paged file: surveys, and Vet Vision's assessment templates.
 */
export function builtPageForms(
  loaders: BuiltLoaders,
  what: string,
): (id: string, version: number) => Promise<SurveyPageForm[]> {
  const loaded = new Map<string, Promise<SurveyPageForm[]>>();
  return (id, version) => {
    const key = `${id}@${String(version)}`;
    let loading = loaded.get(key);
    if (!loading) {
      const load = loaders[key];
      if (!load) return Promise.reject(new Error(`No form was built for ${what} ${key}.`));
      loading = load().then((module) =>
        module.default.map((page) => ({
          id: page.id,
          schema: page.schema,
          uiSchema: page.uiSchema,
          validator: createPrecompiledValidator(page.validators, page.schema),
        })),
      );
      loaded.set(key, loading);
    }
    return loading;
  };
}

/** The pages of a survey version, for the wizard. */
export const surveyPageForms = builtPageForms(formLoaders, 'survey');
