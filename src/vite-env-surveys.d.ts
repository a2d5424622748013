declare module 'virtual:survey-forms' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /**
   * One page of a survey version (config/surveys/<id>@<version>.json) as the build makes it
   * (scripts/vite/survey-forms.ts): its schema and uiSchema, and its validation functions.
   */
  export interface BuiltSurveyPage {
    id: string;
    schema: RJSFSchema;
    uiSchema: UiSchema;
    validators: ValidatorFunctions;
  }
  /** By "<id>@<version>": the version's pages, in order. */
  const loaders: Record<string, () => Promise<{ default: BuiltSurveyPage[] }>>;
  export default loaders;
}
