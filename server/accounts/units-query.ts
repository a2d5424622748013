import type { ApiUser, UnitBadge } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';
import type { AddressColumns } from './address.ts';
import { visiblePackagesCondition, visibleUnitsCondition } from './access.ts';
import {
  allFound,
  matchCondition,
  matchUnits,
  readsFarm,
  searchText,
  type SearchLimits,
} from './units-search.ts';

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
  /** How many units the list holds, on a page that counted them (units-list.ts readPage). */
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

/** A listing's columns of units "un" and farms "f", and their names. */
const COLUMNS = `un.id as unit_id, un.name as unit_name, un.unit_type_id, un.supports_mifarm,
  un.supports_bcms_cts, f.id as farm_id, f.name as farm_name, f.contact_first_name,
  f.contact_last_name, f.address_line1, f.address_line2, f.town, f.county, f.postcode`;
const NAMES = COLUMNS.split(',')
  .map((column) =>
    column
      .trim()
      .split(' ')
      .at(-1)
      ?.replace(/^\w+\./, ''),
  )
  .join(', ');

/** The order, as columns of the inner query and then of its rows. */
const ORDER = 'f.name, f.id, un.name, un.id';
const ROW_ORDER = 'l.farm_name, l.farm_id, l.unit_name, l.unit_id';

/**
 * The one definition of the units list, for its JSON pages and its CSV: the units the user may
 * open (access.ts) that match the search (units-search.ts), ordered by farm (its name, then the
 * farm itself, so that a farm's units stay together) and unit (name, then id): a total order, so
 * pages and an export's batches never overlap, and one that farms_name_id reads in, so a page
 * of a common term stops after a few farms. Each row has the plans of the user's provider.
 */
export async function unitsSelection(
  db: Queryable,
  user: ApiUser,
  search: string | undefined,
  limits: SearchLimits,
) {
  const match = await matchUnits(db, searchText(search), limits);
  const units = visibleUnitsCondition(user, 1);
  const params: unknown[] = [...units.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const where = `${units.sql} and ${matchCondition(match, param)}`;
  // Only a tested farm column reads the farm: a count of the rest needs no farm.
  const from = readsFarm(match) ? 'units un join farms f on f.id = un.farm_id' : 'units un';
  const plans = visiblePackagesCondition(user, params.length + 1);
  const selectParams = [...params, ...plans.params];
  // Units found through the indexes are few (each column gives at most indexedHits ids): their
  // page counts them all in the same pass. Past the cursor only after counting, so the count
  // is the list's, not the rest's.
  const counted = allFound(match);
  return {
    /** Whether each row of a page carries the list's total. */
    counted,
    /** How many units match, counting no further than `cap` + 1 when there is a cap. */
    count: (cap: number | null) => ({
      sql: `select count(*)::int as n from (select 1 from ${from} where ${where}${cap === null ? '' : ` limit ${String(cap + 1)}`}) x`,
      params,
    }),
    /**
     * At most `limit` rows in the list's order, from `start` on. With `countTo`, a search not
     * `counted` is read as a counted one is, from its first `countTo` + 1 matches in any order:
     * each row carries how many there were, and when that is more than `countTo` the rows are
     * not the list's (units-list.ts then reads them in order). One pass over the user's units
     * finds a rarer term's page and exact total, where reading farms in the list's order until
     * the page fills may read most farms; a common term stops after `countTo` + 1.
     */
    select: (limit: number, start: PageStart, countTo?: number) => {
      const all = [...selectParams];
      const param = (value: unknown) => {
        all.push(value);
        return `$${String(all.length)}`;
      };
      // An unsearched list of company staff is nearly always past the cap, and a farm's is short.
      const countsTo = counted || match.kind === 'all' ? undefined : countTo;
      const counting = counted || countsTo !== undefined;
      let after = 'true';
      let seek = '';
      if ('after' in start && start.after) {
        const { farmName, farmId, unitName, unitId } = start.after;
        const farm = param(farmName);
        after = `(f.name, f.id, un.name, un.id) > (${farm}::text, ${param(farmId)}::int, ${param(unitName)}::text, ${param(unitId)}::int)`;
        // The row comparison is the order; "f.name >=" lets farms_name_id start there.
        if (!counting) seek = `and f.name >= ${farm}::text`;
      }
      const offset = 'offset' in start ? ` offset ${param(start.offset)}` : '';
      const upTo = countsTo === undefined ? '' : ` limit ${String(countsTo + 1)}`;
      const inner = counting
        ? `select ${NAMES}, total from (
             select *, count(*) over ()::int as total from (
               select ${COLUMNS}, ${after} as past
               from units un join farms f on f.id = un.farm_id where ${where}${upTo}) c) m
           where past order by farm_name, farm_id, unit_name, unit_id`
        : `select ${COLUMNS} from units un join farms f on f.id = un.farm_id
           where ${where} and ${after} ${seek} order by ${ORDER}`;
      // The unit type and plans are read for the page's rows only.
      return {
        sql: `select l.*, ut.name as unit_type_name,
                (select array_agg(p.visible_name order by p.visible_name)
                   from unit_packages up join packages p on p.id = up.package_id
                   where up.unit_id = l.unit_id and (${plans.sql})) as plans
              from (${inner} limit ${param(limit)}${offset}) l
              join unit_types ut on ut.id = l.unit_type_id
              order by ${ROW_ORDER}`,
        params: all,
      };
    },
  };
}

export type UnitsSelection = Awaited<ReturnType<typeof unitsSelection>>;
