import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import validatorLoaders from 'virtual:record-validators';
import type { RecordTypeConfig } from './record-types.ts';

// Kept apart from record-types.ts: RJSF comes in only with the screens that show a record form.

const validators = new Map<string, Promise<ValidatorType>>();
const loaded = new Map<string, ValidatorType>();

/**
 * The RJSF validator of a record type, from the functions compiled at build time: the browser
 * compiles nothing, so the form works under a CSP without 'unsafe-eval'.
 */
export function recordValidator(type: RecordTypeConfig): Promise<ValidatorType> {
  const validator = validators.get(type.name);
  if (!validator) {
    const load = validatorLoaders[type.name];
    if (!load) throw new Error(`No validators were compiled for record type "${type.name}".`);
    const schema: RJSFSchema = type.schema;
    const loading = load().then((module) => {
      const validator = createPrecompiledValidator(module.default, schema);
      loaded.set(type.name, validator);
      return validator;
    });
    validators.set(type.name, loading);
    return loading;
  }
  return validator;
}

/** The record type's validator when recordValidator has loaded it, so a form can open at once. */
export const loadedRecordValidator = (type: RecordTypeConfig): ValidatorType | undefined =>
  loaded.get(type.name);

/**
 * How RJSF fills defaults in record forms: a choice written as oneOf/const starts empty
 * ('Please select an option') instead of silently taking its first option.
 */
export const RECORD_FORM_DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;
