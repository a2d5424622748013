import type { Queryable } from '../db/index.ts';
import { likePattern } from '../http/paging.ts';

/**
 * How the units list finds what its search matches, at 2,000 farms or 200,000 (issue 21 point 4).
 * A search matches a unit's name, its farm's name, the main contact's last name or the postcode
 * (spaces ignored), anywhere in the text and ignoring case. Each column is compared through its
 * lower-case copy (migration 0019): LIKE on it finds what ILIKE on the column finds, far cheaper.
 *
 * Each column's matches are first looked up on their own, through its pg_trgm index (or, for a
 * term of fewer than three letters or digits, which makes no trigram, by reading the column until
 * enough match), the ids kept; the list then reads the user's units with those ids or on those
 * farms: a handful of index probes for a postcode, where an OR across the join of units and farms
 * had to read both tables whole. A column that matches more than `indexedHits` rows ("farm" in
 * farm names, "dairy" in unit names) is not worth collecting: the list tests the pattern on that
 * column of the user's own units instead, in the list's order, stopping once it has the page.
 */
export interface SearchLimits {
  /** More rows than this matched in one column and the pattern is tested there instead. */
  indexedHits: number;
  /** Where a list's count stops ("1,000+ units"): counting on costs a pass over every match. */
  totalCap: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { indexedHits: 5000, totalCap: 1000 };

/** The farms' searched columns; the postcode is matched without spaces. */
const FARM_COLUMNS = ['search_name', 'search_contact', 'search_postcode'] as const;
type FarmColumn = (typeof FARM_COLUMNS)[number];

/**
 * What a search came to: everything; or the units with `unitIds` or on `farmIds`, and those whose
 * common columns match the pattern: the unit's name when `unitIds` is null, the farm's `tested`.
 */
export type UnitsMatch =
  | { kind: 'all' }
  | {
      kind: 'search';
      text: string;
      compact: string;
      unitIds: number[] | null;
      farmIds: number[];
      tested: FarmColumn[];
    };

/** The search as the list reads it: trimmed, at most 100 characters. */
export function searchText(search: string | undefined): string {
  return (search ?? '').trim().slice(0, 100);
}

/** Three letters or digits in a row make a trigram; pg_trgm ignores everything else. */
const INDEXABLE = /[\p{L}\p{N}]{3}/u;

/**
 * Looks each column up on its own, taking at most `indexedHits` + 1 ids: one index per subquery,
 * which the planner weighs more truly than an OR of three. A term that makes no trigram has no
 * index to use: then each table is read once, the farm's three columns together.
 */
export async function matchUnits(
  db: Queryable,
  search: string,
  limits: SearchLimits,
): Promise<UnitsMatch> {
  if (search === '') return { kind: 'all' };
  const text = likePattern(search);
  const compact = likePattern(search.replace(/\s+/g, ''));
  const indexable = INDEXABLE.test(search);
  // Without a trigram the index can only be read whole: "|| ''" hides it from the planner, which
  // would otherwise pick it in PostgreSQL's generic plan of a prepared statement.
  const column = (name: string) => (indexable ? name : `(${name} || '')`);
  const like = (name: FarmColumn) =>
    `${column(name)} like lower(${name === 'search_postcode' ? '$2' : '$1'})`;
  // Each list of farm columns is looked up in one subquery.
  const lookups: FarmColumn[][] = indexable
    ? FARM_COLUMNS.map((name) => [name])
    : [[...FARM_COLUMNS]];
  const { rows } = await db.query<Record<string, number[]>>(
    `select array(select id from units where ${column('search_name')} like lower($1) limit $3) as units,
            ${lookups
              .map(
                (columns, i) =>
                  `array(select id from farms where ${columns.map(like).join(' or ')} limit $3) as farms${String(i)}`,
              )
              .join(', ')}`,
    [text, compact, limits.indexedHits + 1],
    // How many rows a term matches decides the plan (a postcode or a common word).
    { plan: 'per-call' },
  );
  const found = rows[0];
  if (!found?.units) throw new Error('The search look-up answered no row');
  const common = (ids: number[]) => ids.length > limits.indexedHits;
  // A common lookup's columns are tested on the user's units; the others' farms are kept.
  const farmIds = new Set<number>();
  const tested: FarmColumn[] = [];
  lookups.forEach((columns, i) => {
    const ids = found[`farms${String(i)}`] ?? [];
    if (common(ids)) tested.push(...columns);
    else for (const id of ids) farmIds.add(id);
  });
  return {
    kind: 'search',
    text,
    compact,
    unitIds: common(found.units) ? null : found.units,
    farmIds: [...farmIds],
    tested,
  };
}

/** Whether every match was found by id, so that the units to read are few (at most 4 × limit). */
export const allFound = (match: UnitsMatch): boolean =>
  match.kind === 'search' && match.unitIds !== null && match.tested.length === 0;

/** Whether the condition reads the farm's columns (a farm column is tested). */
export const readsFarm = (match: UnitsMatch): boolean =>
  match.kind === 'search' && match.tested.length > 0;

/**
 * The match as a condition on a units row "un" joined to its farm "f"; `param` adds a parameter
 * and names it. Ids found are a condition on units' own columns, which its primary key and
 * units_farm_id answer; a tested column is compared with the pattern.
 */
export function matchCondition(match: UnitsMatch, param: (value: unknown) => string): string {
  if (match.kind === 'all') return 'true';
  const parts: string[] = [];
  let textParam: string | undefined;
  const text = () => (textParam ??= `lower(${param(match.text)})`);
  if (match.unitIds === null) parts.push(`un.search_name like ${text()}`);
  else if (match.unitIds.length > 0) parts.push(`un.id = any(${param(match.unitIds)}::int[])`);
  for (const column of match.tested) {
    const pattern = column === 'search_postcode' ? `lower(${param(match.compact)})` : text();
    parts.push(`f.${column} like ${pattern}`);
  }
  if (match.farmIds.length > 0) parts.push(`un.farm_id = any(${param(match.farmIds)}::int[])`);
  return parts.length === 0 ? 'false' : `(${parts.join(' or ')})`;
}
