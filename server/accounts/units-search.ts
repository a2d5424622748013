import { likePattern } from '../http/paging.ts';

/**
 * What the units list's search matches, at 2,000 farms or 200,000 (issue 21 point 4): a unit's
 * name, its farm's name, the main contact's last name or the postcode (spaces ignored), anywhere
 * in the text and ignoring case. Each is compared on the unit's row of unit_search (migration
 * 0021), which holds them lower-case, each in a pg_trgm index together with the providers whose
 * plans the unit holds: LIKE there finds what ILIKE on the columns finds, and each index scan
 * finds the term's matches among the user's units before a row is read.
 */
export interface SearchLimits {
  /**
   * Where the count of an unsearched list stops ("1,000+ units"): counting on costs a pass over
   * every unit of the user's. A search's matches are collected anyway, so they are counted all.
   */
  totalCap: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { totalCap: 1000 };

/** The search as the list reads it: trimmed, at most 100 characters. */
export function searchText(search: string | undefined): string {
  return (search ?? '').trim().slice(0, 100);
}

/** Three letters or digits in a row make a trigram; pg_trgm ignores everything else. */
const INDEXABLE = /[\p{L}\p{N}]{3}/u;

/**
 * The search as a condition on a unit_search row "us"; `param` adds a parameter and names it.
 * A term that makes no trigram ("LN", "a") would make each trigram index read itself whole:
 * "|| ''" hides them from the planner, which then finds the user's units through their own
 * index and tests the term on those rows.
 */
export function searchCondition(search: string, param: (value: unknown) => string): string {
  if (search === '') return 'true';
  const column = (name: string) => (INDEXABLE.test(search) ? `us.${name}` : `(us.${name} || '')`);
  const text = `lower(${param(likePattern(search))})`;
  const compact = `lower(${param(likePattern(search.replace(/\s+/g, '')))})`;
  const tests = [
    `${column('unit_text')} like ${text}`,
    `${column('farm_text')} like ${text}`,
    `${column('contact_text')} like ${text}`,
    `${column('postcode_text')} like ${compact}`,
  ];
  return `(${tests.join(' or ')})`;
}
