import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root.ts';
import { lazyValidator, type Validator } from '../http/lazy-validator.ts';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { RecordTypeFile } from '../../shared/config-types.generated.ts';
import { fieldMessages } from '../../shared/field-messages.ts';

const RECORDS_DIR = projectPath('config', 'records');

interface FieldSchema {
  type?: string | string[];
  title?: string;
}

/**
 * One config/records/<name>.json: the type generated from schemas/record-type.schema.json, its
 * fields typed as far as the server reads them. "access" is its rule, record:<name>
 * (shared/access/rule-book.ts).
 */
export interface RecordTypeConfig extends Omit<RecordTypeFile, '$schema' | 'schema'> {
  schema: RecordTypeFile['schema'] & {
    required?: string[];
    properties: Record<string, FieldSchema>;
  };
}

export interface RecordType extends RecordTypeConfig {
  validate: Validator;
  /** Fields that sort as numbers rather than text. */
  numericFields: ReadonlySet<string>;
  /** Fields a search looks in: every text field shown in the list. */
  searchFields: readonly string[];
}

/**
 * Per-field messages for a 406, in plain words named by each field's title:
 * {"butterfat_percent": ["Butterfat must be at most 10"]}, "record" for the whole.
 */
export function fieldErrors(
  errors: readonly ErrorObject[],
  schema: RecordTypeConfig['schema'],
): Record<string, string[]> {
  return fieldMessages(errors, schema);
}

/** Every config/records/*.json, each with its validator (compiled at its first use). */
export function loadRecordTypes(dir = RECORDS_DIR): Map<string, RecordType> {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    coerceTypes: false,
    removeAdditional: false,
  });
  addFormats(ajv);
  const types = new Map<string, RecordType>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const config = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as RecordTypeConfig & {
      $schema?: string;
    };
    const { $schema: _schema, ...rest } = config;
    // Records hold only the fields their type declares.
    const dataSchema = { ...rest.schema, additionalProperties: false };
    const numericFields = new Set(
      Object.entries(rest.schema.properties)
        .filter(([, s]) => s.type === 'number' || s.type === 'integer')
        .map(([name]) => name),
    );
    types.set(rest.name, {
      ...rest,
      validate: lazyValidator(ajv, dataSchema),
      numericFields,
      searchFields: rest.listColumns
        .map((c) => c.field)
        .filter((f) => rest.schema.properties[f]?.type === 'string'),
    });
  }
  return types;
}
