import type { ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import formLoaders, { type BuiltCalculatorForm } from 'virtual:calculator-forms';

/** A calculator's input form, as the build makes it (src/vite-env-calculators.d.ts). */
export type CalculatorForm = BuiltCalculatorForm;

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
