import type { Condition } from '../../shared/access/conditions.ts';
import type { ReportAccess } from '../../shared/access/rule-book.ts';

/*
 * Only what the portal needs of config/reports/*.json: each report's title and condition (its
 * rule, report:<id>), imported by name so the rest of each file (measures, tables) stays out of
 * the first load; the figures come worked out from the server.
 */
const titles = import.meta.glob<string>('../../config/reports/*.json', {
  eager: true,
  import: 'title',
});
const conditions = import.meta.glob<Condition>('../../config/reports/*.json', {
  eager: true,
  import: 'condition',
});

/** A report's id is its file name (validate:config checks the "id" matches). */
const idOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** Every report of config/reports/, by id: its title and its condition. */
export const reports: ReadonlyMap<string, ReportAccess> = new Map(
  Object.entries(titles).map(([file, title]) => [
    idOf(file),
    { id: idOf(file), title, condition: conditions[file] ?? { any: [] } },
  ]),
);
