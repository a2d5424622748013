import type { RecordTypeAccess } from '../../shared/access/rule-book.ts';

/**
 * What the rule book and the titles need of each record type of config/records/: its name, title
 * and access, without its schema, list and form (scripts/vite/json-fields.ts), which only its
 * records screen loads.
 */
const files = import.meta.glob<RecordTypeAccess>('../../config/records/*.json', {
  eager: true,
  query: '?fields=name,title,access',
  import: 'default',
});

export const recordTypeAccess: readonly RecordTypeAccess[] = Object.values(files);

const titles = new Map(recordTypeAccess.map((type) => [type.name, type.title]));

/** A record type's title, or its name when no record type has that name. */
export const recordTypeTitle = (name: string): string => titles.get(name) ?? name;
