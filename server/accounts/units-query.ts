import type { ApiUser, UnitBadge } from '../../shared/api.ts';
import type { AddressColumns } from './address.ts';
import { visiblePackagesCondition, visibleSearchRowsCondition } from './access.ts';
import { searchCondition, searchText } from './units-search.ts';

export interface ListingRow extends AddressColumns {
  unit_id: number;
  unit_name: string;
  unit_type_id: number;
  unit_type_name: string;
  supports_mifarm: boolean;
  supports_bcms_cts: boolean;
  farm_id: number;
  farm_name: string;
  contact_first_name: string;
  contact_last_name: string;
  plans: string[] | null;
  /** How many units the list holds (counted up to a cap), on a page read with its count. */
  total?: number;
}

export function badgesOf(row: ListingRow): UnitBadge[] {
  const badges: UnitBadge[] = [{ kind: 'unit_type', label: row.unit_type_name }];
  for (const plan of row.plans ?? []) badges.push({ kind: 'plan', label: plan });
  if (row.supports_mifarm) badges.push({ kind: 'support', label: 'MiFarm' });
  if (row.supports_bcms_cts) badges.push({ kind: 'support', label: 'BCMS CTS' });
  return badges;
}

/** Where the list's order stands: the farm's name and id, the unit's name and id. */
export interface UnitKey {
  farmName: string;
  farmId: number;
  unitName: string;
  unitId: number;
}

export const keyOf = (row: ListingRow): UnitKey => ({
  farmName: row.farm_name,
  farmId: row.farm_id,
  unitName: row.unit_name,
  unitId: row.unit_id,
});

/** A page from `offset` on, or the rows after `after` (keyset: the first page when undefined). */
export type PageStart = { offset: number } | { after: UnitKey | undefined };

/** The list's order, on the columns of unit_search (0021_unit_search.sql) a query reads. */
const ORDER = 'farm_name, farm_id, unit_name, unit_id';

/**
 * The one definition of the units list, for its JSON pages and its CSV: the units the user may
 * open (access.ts) that match the search (units-search.ts), ordered by farm (its name, then the
 * farm itself, so that a farm's units stay together) and unit (name, then id): a total order, so
 * pages and an export's batches never overlap. Both the matching and the order are read from
 * unit_search; only the page's rows are read from units and farms, each with the plans of the
 * user's provider.
 *
 * A search's matches are collected first, then sorted: the indexes find them among the user's
 * units (a common word's few hundred, or, for a term too short for a trigram, the user's units
 * tested one by one), so the work is bounded by the user's units, and counting them all costs
 * nothing more. Walking the list's order instead until a page fills is cheap only where matches
 * are dense, and where they are not (the first "house" of a provider after thousands of farms in
 * name order) reads most of the table; the planner cannot tell the two apart. The unsearched list
 * is the dense case: it walks the order and counts up to a cap.
 */
export function unitsSelection(user: ApiUser, search: string | undefined) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const units = visibleSearchRowsCondition(user, 1);
  params.push(...units.params);
  const term = searchText(search);
  const searched = term !== '';
  const where = `${units.sql} and ${searchCondition(term, param)}`;
  const plans = visiblePackagesCondition(user, params.length + 1);
  const selectParams = [...params, ...plans.params];
  const matches = `select us.unit_id, us.unit_name, us.farm_id, us.farm_name
                   from unit_search us where ${where}`;
  return {
    /** Whether a term narrows the list (its plan then depends on how many units the term matches). */
    searched,
    /** Whether a count is exact however many match (a search's), not stopped at a cap. */
    countsAll: searched,
    /** How many units match; an unsearched list counts no further than `cap` + 1. */
    count: (cap: number | null) => ({
      sql: `select count(*)::int as n from (${matches}${cap === null || searched ? '' : ` limit ${String(cap + 1)}`}) x`,
      params,
    }),
    /**
     * At most `limit` rows in the list's order, from `start` on, each carrying how many units
     * match: all of a search's; of the unsearched list no further than `cap` + 1.
     */
    select: (limit: number, start: PageStart, cap?: number) => {
      const all = [...selectParams];
      const param = (value: unknown) => {
        all.push(value);
        return `$${String(all.length)}`;
      };
      let after = 'true';
      if ('after' in start && start.after) {
        const { farmName, farmId, unitName, unitId } = start.after;
        after = `(m.farm_name, m.farm_id, m.unit_name, m.unit_id) > (${param(farmName)}::text, ${param(farmId)}::int, ${param(unitName)}::text, ${param(unitId)}::int)`;
      }
      const offset = 'offset' in start ? ` offset ${param(start.offset)}` : '';
      const counted =
        searched || cap === undefined ? 'm' : `(select 1 from m limit ${String(cap + 1)})`;
      const total = cap === undefined ? '' : `, (select count(*)::int from ${counted} x) as total`;
      // Materialized: the matches are collected once, for the page and its count; unsearched,
      // "m" is read in the list's order and stops once the page (or the count) has its rows.
      return {
        sql: `with m as ${searched ? '' : 'not '}materialized (${matches})
              select l.unit_id, l.unit_name, l.farm_id, l.farm_name, un.unit_type_id,
                un.supports_mifarm, un.supports_bcms_cts, f.contact_first_name, f.contact_last_name,
                f.address_line1, f.address_line2, f.town, f.county, f.postcode,
                ut.name as unit_type_name${total},
                (select array_agg(p.visible_name order by p.visible_name)
                   from unit_packages up join packages p on p.id = up.package_id
                   where up.unit_id = l.unit_id and (${plans.sql})) as plans
              from (select * from m where ${after} order by ${ORDER}
                    limit ${param(limit)}${offset}) l
              join units un on un.id = l.unit_id
              join farms f on f.id = l.farm_id
              join unit_types ut on ut.id = un.unit_type_id
              order by l.farm_name, l.farm_id, l.unit_name, l.unit_id`,
        params: all,
      };
    },
  };
}

export type UnitsSelection = ReturnType<typeof unitsSelection>;
