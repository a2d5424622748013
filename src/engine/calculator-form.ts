import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import formLoaders from 'virtual:calculator-forms';

/**
 * A calculator's input form (config/calculators/ui/<name>.json): the calculator's input schema
 * narrowed to what the form shows, its uiSchema and its starting values.
 */
export interface CalculatorForm {
  name: string;
  calculator: string;
  title: string | null;
  lead: string | null;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  defaults: Record<string, unknown>;
}

export interface LoadedCalculatorForm {
  form: CalculatorForm;
  validator: ValidatorType;
}

const loaded = new Map<string, Promise<LoadedCalculatorForm>>();

/**
 * A calculator form with its RJSF validator, from the functions compiled at build time
 * (scripts/vite/calculator-forms.ts): the browser compiles nothing, as for record forms.
 */
export function calculatorForm(name: string): Promise<LoadedCalculatorForm> {
  let loading = loaded.get(name);
  if (!loading) {
    const load = formLoaders[name];
    if (!load) return Promise.reject(new Error(`No calculator form "${name}" was built.`));
    loading = load().then((module) => ({
      form: module.form,
      validator: createPrecompiledValidator(module.default, module.form.schema),
    }));
    loaded.set(name, loading);
  }
  return loading;
}
