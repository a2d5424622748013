import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import formLoaders from 'virtual:survey-forms';

/** One page of a survey version as the wizard draws and checks it. */
export interface SurveyPageForm {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

const loaded = new Map<string, Promise<SurveyPageForm[]>>();

/**
 * The pages of a survey version with their RJSF validators, from the functions compiled at build
 * time (scripts/vite/survey-forms.ts): the browser compiles nothing, as for record forms. The
 * schema drawn is the built one, the very schema each validator was compiled from.
 */
export function surveyPageForms(id: string, version: number): Promise<SurveyPageForm[]> {
  const key = `${id}@${String(version)}`;
  let loading = loaded.get(key);
  if (!loading) {
    const load = formLoaders[key];
    if (!load) return Promise.reject(new Error(`No form was built for survey ${key}.`));
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
}
