import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import validatorLoaders from 'virtual:record-validators';
import type { Condition } from '../../shared/access/conditions.ts';

/** A column of a record type's list. */
export interface ListColumn {
  field: string;
  /** The column heading; the field's schema title when omitted. */
  label?: string;
  format?: 'short' | 'medium' | 'long' | 'monthYear' | 'dayMonth' | 'number' | 'text';
}

/** One config/records/<name>.json (schemas/record-type.schema.json). */
export interface RecordTypeConfig {
  name: string;
  title: string;
  itemTitle?: string;
  /** When the record type is open (its rule, record:<name>). */
  access: Condition;
  schema: RJSFSchema & { properties: Record<string, RJSFSchema> };
  uiSchema?: UiSchema;
  listColumns: ListColumn[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
}

const files = import.meta.glob<RecordTypeConfig>('../../config/records/*.json', {
  eager: true,
  import: 'default',
});

/** Every record type of config/records/, by name. */
export const recordTypes: ReadonlyMap<string, RecordTypeConfig> = new Map(
  Object.values(files).map((type) => [type.name, type]),
);

const validators = new Map<string, Promise<ValidatorType>>();

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
    const loading = load().then((module) => createPrecompiledValidator(module.default, schema));
    validators.set(type.name, loading);
    return loading;
  }
  return validator;
}

/**
 * How RJSF fills defaults in record forms: a choice written as oneOf/const starts empty
 * ('Please select an option') instead of silently taking its first option.
 */
export const RECORD_FORM_DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;
