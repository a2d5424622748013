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

const files = import.meta.glob<RecordTypeConfig>('../../config/records/*.json', {
  eager: true,
  import: 'default',
});

/** Every record type of config/records/, by name. */
export const recordTypes: ReadonlyMap<string, RecordTypeConfig> = new Map(
  Object.values(files).map((type) => [type.name, type]),
);
