declare module 'virtual:calculator-forms' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** config/calculators/ui/<name>.json, its schema narrowed (scripts/vite/calculator-forms.ts). */
  interface BuiltCalculatorForm {
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
