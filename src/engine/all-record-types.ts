import type { RecordTypeConfig } from './record-types.ts';

const files = import.meta.glob<RecordTypeConfig>('../../config/records/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Every record type of config/records/, by name, whole: for the style guide's sample form and the
 * tests. Screens load the one they show (loadRecordType) or read the few fields they need
 * (./record-access.ts).
 */
export const recordTypes: ReadonlyMap<string, RecordTypeConfig> = new Map(
  Object.values(files).map((type) => [type.name, type]),
);
