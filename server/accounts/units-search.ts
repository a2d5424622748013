import type { Queryable } from '../db/index.ts';
import { likePattern } from '../http/paging.ts';

/**
 * How the units list finds what its search matches, at 2,000 farms or 200,000 (issue 21 point 4).
 * A search matches a unit's name, its farm's name, the main contact's last name or the postcode
 * (spaces ignored), anywhere in the text and ignoring case. Each column is compared through its
 * lower-case copy (migration 0019): LIKE on it finds what ILIKE on the column finds, far cheaper.
 *
 * Each column's matches are looked up on their own through its pg_trgm index, the unit ids and
 * farm ids found, and the list then reads the units with those ids or on those farms that the
 * user may see: a handful of index probes for a postcode, where an OR across the join of units
 * and farms had to read both tables whole. When a term matches too much to be worth looking up
 * (more than `indexedHits` units or farms by one column: "farm", "house"), or cannot be looked
 * up (fewer than three letters or digits in a row make no trigram), the list tests the pattern
 * on the user's own units instead, in the list's order, and stops once it has the page.
 */
export interface SearchLimits {
  /** More units or farms than this matched by one column and a term counts as common. */
  indexedHits: number;
  /** Where a list's count stops ("1,000+ units"): counting on costs a pass over every match. */
  totalCap: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { indexedHits: 5000, totalCap: 1000 };

/** What a search came to: everything, the ids found through the indexes, or a pattern to test. */
export type UnitsMatch =
  | { kind: 'all' }
  | { kind: 'found'; unitIds: number[]; farmIds: number[] }
  | { kind: 'test'; text: string; compact: string };

/** Three letters or digits in a row make a trigram; pg_trgm ignores everything else. */
const INDEXABLE = /[\p{L}\p{N}]{3}/u;

/** The search as the list reads it: trimmed, at most 100 characters. */
export function searchText(search: string | undefined): string {
  return (search ?? '').trim().slice(0, 100);
}

/**
 * Looks the search up through the trigram indexes, one column at a time (one index each, which
 * the planner prefers to a scan more readily than an OR of three), taking at most `indexedHits`
 * + 1 ids of each: more than that and the term is common, so the list tests it instead.
 */
export async function matchUnits(
  db: Queryable,
  search: string,
  limits: SearchLimits,
): Promise<UnitsMatch> {
  if (search === '') return { kind: 'all' };
  const text = likePattern(search);
  const compact = likePattern(search.replace(/\s+/g, ''));
  if (!INDEXABLE.test(search)) return { kind: 'test', text, compact };
  const { rows } = await db.query<Record<'units' | 'names' | 'contacts' | 'postcodes', number[]>>(
    `select array(select id from units where search_name like lower($1) limit $3) as units,
            array(select id from farms where search_name like lower($1) limit $3) as names,
            array(select id from farms where search_contact like lower($1) limit $3) as contacts,
            array(select id from farms where search_postcode like lower($2) limit $3) as postcodes`,
    [text, compact, limits.indexedHits + 1],
  );
  const { units = [], names = [], contacts = [], postcodes = [] } = rows[0] ?? {};
  if ([units, names, contacts, postcodes].some((ids) => ids.length > limits.indexedHits)) {
    return { kind: 'test', text, compact };
  }
  return {
    kind: 'found',
    unitIds: units,
    farmIds: [...new Set([...names, ...contacts, ...postcodes])],
  };
}

/**
 * The match as a condition on a units row "un" joined to its farm "f"; `param` adds a parameter
 * and names it. Found ids are a condition on units' own columns, which its primary key and
 * units_farm_id answer; a tested pattern needs the farm's columns beside the unit's.
 */
export function matchCondition(match: UnitsMatch, param: (value: unknown) => string): string {
  switch (match.kind) {
    case 'all':
      return 'true';
    case 'found':
      return `(un.id = any(${param(match.unitIds)}::int[]) or un.farm_id = any(${param(match.farmIds)}::int[]))`;
    case 'test': {
      const [text, compact] = [`lower(${param(match.text)})`, `lower(${param(match.compact)})`];
      return `(un.search_name like ${text} or f.search_name like ${text}
               or f.search_contact like ${text} or f.search_postcode like ${compact})`;
    }
  }
}
