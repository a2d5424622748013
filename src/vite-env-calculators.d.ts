declare module 'virtual:calculator-forms' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /**
   * A calculator's input form (config/calculators/ui/<name>.json): the calculator's input schema
   * narrowed to what the form shows (scripts/vite/calculator-forms.ts), its uiSchema and its
   * starting values.
   */
  export interface BuiltCalculatorForm {
    name: string;
    calculator: string;
    title: string | null;
    lead: string | null;
    schema: RJSFSchema;
    uiSchema: UiSchema;
    defaults: Record<string, unknown>;
  }
  const loaders: Record<
    string,
    () => Promise<{ default: ValidatorFunctions; form: BuiltCalculatorForm }>
  >;
  export default loaders;
}

/** A JSON file's version in this build (scripts/vite/json-fields.ts): a hash of its content. */
declare module '*.json?hash' {
  const version: string;
  export default version;
}
