declare module 'virtual:assessment-forms' {
  import type { BuiltSurveyPage } from 'virtual:survey-forms';
  /**
   * By "<id>@<version>" of config/assessments/: the template's sections, in order, built as
   * survey pages are (scripts/vite/survey-forms.ts): schema, uiSchema and validation functions.
   */
  const loaders: Record<string, () => Promise<{ default: BuiltSurveyPage[] }>>;
  export default loaders;
}
