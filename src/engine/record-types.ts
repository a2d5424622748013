import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ListColumn, RecordTypeFile } from '../../shared/config-types.generated.ts';

export type { ListColumn };

/**
 * One config/records/<name>.json: the type generated from schemas/record-type.schema.json, with
 * the data schema and uiSchema typed for RJSF.
 */
export interface RecordTypeConfig extends Omit<RecordTypeFile, '$schema' | 'schema' | 'uiSchema'> {
  schema: RJSFSchema & { properties: Record<string, RJSFSchema> };
  uiSchema?: UiSchema;
}

/** Each record type's file, a chunk of its own: a records screen loads the one it shows. */
const files = import.meta.glob<RecordTypeConfig>('../../config/records/*.json', {
  import: 'default',
});

const loaded = new Map<string, RecordTypeConfig>();

/** A record type of config/records/ by name, once it has loaded (loadRecordType). */
export const loadedRecordType = (name: string): RecordTypeConfig | undefined => loaded.get(name);

/** Loads a record type of config/records/ by name; undefined for a name no file has. */
export async function loadRecordType(name: string): Promise<RecordTypeConfig | undefined> {
  const load = files[`../../config/records/${name}.json`];
  if (!load) return undefined;
  const type = await load();
  loaded.set(name, type);
  return type;
}
