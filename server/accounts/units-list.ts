import type { FastifyInstance } from 'fastify';
import type { ApiUnitListing, ApiUnitsPage, ApiUser, UnitBadge } from '../../shared/api.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { badRequest } from '../http/errors.ts';
import { pagedResult, pageRequest, type PageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { postalAddress, type AddressColumns } from './address.ts';
import { visiblePackagesCondition, visibleUnitsCondition } from './access.ts';
import { decodeCursor, encodeCursor, type UnitsCursor } from './units-cursor.ts';
import { unitsCsvColumns } from './units-csv.ts';
import {
  DEFAULT_SEARCH_LIMITS,
  matchCondition,
  matchUnits,
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
}

export function badgesOf(row: ListingRow): UnitBadge[] {
  const badges: UnitBadge[] = [{ kind: 'unit_type', label: row.unit_type_name }];
  for (const plan of row.plans ?? []) badges.push({ kind: 'plan', label: plan });
  if (row.supports_mifarm) badges.push({ kind: 'support', label: 'MiFarm' });
  if (row.supports_bcms_cts) badges.push({ kind: 'support', label: 'BCMS CTS' });
  return badges;
}

interface UnitsQuery {
  search?: string;
}

/** Where a units list's order stands: the farm's and unit's names, then the unit's id. */
type UnitKey = Pick<UnitsCursor, 'farmName' | 'unitName' | 'unitId'>;

/** A page from `offset` on, or the rows after `after` (keyset: the first page when undefined). */
type PageStart = { offset: number } | { after: UnitKey | undefined };

/**
 * The one definition of the units list, for its JSON pages and its CSV: the units the user may
 * open (access.ts) that match the search (units-search.ts), ordered by farm, unit and id (a total
 * order, so that pages and an export's batches never overlap), with the plans of the user's
 * provider on each.
 */
async function unitsSelection(
  db: Queryable,
  user: ApiUser,
  query: UnitsQuery,
  limits: SearchLimits,
) {
  const match = await matchUnits(db, searchText(query.search), limits);
  const units = visibleUnitsCondition(user, 1);
  const params: unknown[] = [...units.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const where = `${units.sql} and ${matchCondition(match, param)}`;
  // Only a tested pattern reads the farm's columns: a count of the rest needs no farm.
  const from = match.kind === 'test' ? 'units un join farms f on f.id = un.farm_id' : 'units un';
  const plans = visiblePackagesCondition(user, params.length + 1);
  const selectParams = [...params, ...plans.params];
  return {
    /** How many units match, counting no further than `cap` + 1 when there is a cap. */
    count: (cap: number | null) => ({
      sql: `select count(*)::int as n from (select 1 from ${from} where ${where}${cap === null ? '' : ` limit ${String(cap + 1)}`}) x`,
      params,
    }),
    /** At most `limit` rows in the list's order, from `start` on. */
    select: (limit: number, start: PageStart) => {
      const all = [...selectParams];
      const param = (value: unknown) => {
        all.push(value);
        return `$${String(all.length)}`;
      };
      let after = '';
      if ('after' in start && start.after) {
        const farm = param(start.after.farmName);
        // The row comparison is the order; "f.name >=" lets farms_name start there.
        after = `and (f.name, un.name, un.id) > (${farm}::text, ${param(start.after.unitName)}::text, ${param(start.after.unitId)}::int)
                 and f.name >= ${farm}::text`;
      }
      const offset = 'offset' in start ? ` offset ${param(start.offset)}` : '';
      return {
        sql: `select un.id as unit_id, un.name as unit_name, un.unit_type_id, ut.name as unit_type_name,
                un.supports_mifarm, un.supports_bcms_cts, f.id as farm_id, f.name as farm_name,
                f.contact_first_name, f.contact_last_name, f.address_line1, f.address_line2,
                f.town, f.county, f.postcode,
                (select array_agg(p.visible_name order by p.visible_name)
                   from unit_packages up join packages p on p.id = up.package_id
                   where up.unit_id = un.id and (${plans.sql})) as plans
         from units un
         join farms f on f.id = un.farm_id
         join unit_types ut on ut.id = un.unit_type_id
         where ${where} ${after}
         order by f.name, un.name, un.id
         limit ${param(limit)}${offset}`,
        params: all,
      };
    },
  };
}

type UnitsSelection = Awaited<ReturnType<typeof unitsSelection>>;

async function countUnits(db: Db, selection: UnitsSelection, cap: number | null): Promise<number> {
  const { sql, params } = selection.count(cap);
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

async function selectUnits(db: Db, selection: UnitsSelection, limit: number, start: PageStart) {
  const { sql, params } = selection.select(limit, start);
  return (await db.query<ListingRow>(sql, params)).rows;
}

const keyOf = (row: ListingRow): UnitKey => ({
  farmName: row.farm_name,
  unitName: row.unit_name,
  unitId: row.unit_id,
});

/**
 * The page's total: known without a count when a page by number holds the last rows (the rows
 * before it and its own), else counted up to the cap: past it the answer is the cap and `capped`.
 * After a cursor the rows before are not known (per_page may have changed), so it counts.
 */
async function totalOf(
  db: Db,
  selection: UnitsSelection,
  page: PageRequest & { byCursor: boolean },
  rows: number,
  more: boolean,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  if (!page.byCursor && !more && (rows > 0 || page.offset === 0)) {
    return { total: page.offset + rows, capped: false };
  }
  const n = await countUnits(db, selection, cap);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The units company staff may open, searchable and paged, and the same list as a CSV file. */
export function registerUnitsList(
  app: FastifyInstance,
  db: Db,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
): void {
  const guard = { rule: 'units-list', scope: 'none' } as const;

  app.get<{ Querystring: UnitsQuery & { page?: string; per_page?: string; after?: string } }>(
    '/accounts/units',
    { config: { access: 'user', guard } },
    async (request) => {
      const { user } = authOf(request);
      const { after, ...query } = request.query;
      const cursor = after === undefined || after === '' ? undefined : decodeCursor(after);
      if (cursor && query.page !== undefined && query.page !== '') {
        throw badRequest('Send page or after, not both.', { page: 'is invalid' });
      }
      const page = pageRequest(cursor ? { ...query, page: String(cursor.page) } : query);
      const selection = await unitsSelection(db, user, query, limits);
      // One row beyond the page says whether another page follows.
      const start: PageStart = cursor ? { after: cursor } : { offset: page.offset };
      const fetched = await selectUnits(db, selection, page.perPage + 1, start);
      const rows = fetched.slice(0, page.perPage);
      const more = fetched.length > page.perPage;
      const { total, capped } = await totalOf(
        db,
        selection,
        { ...page, byCursor: cursor !== undefined },
        rows.length,
        more,
        limits.totalCap,
      );
      const last = rows.at(-1);

      const records: ApiUnitListing[] = rows.map((row) => ({
        unit_id: row.unit_id,
        unit_name: row.unit_name,
        unit_type_id: row.unit_type_id,
        farm_id: row.farm_id,
        farm_name: row.farm_name,
        main_contact_first_name: row.contact_first_name,
        main_contact_last_name: row.contact_last_name,
        address: postalAddress(row),
        badges: badgesOf(row),
      }));
      const answer: ApiUnitsPage = {
        ...pagedResult(page, total, records),
        total_capped: capped,
        next_after: more && last ? encodeCursor({ page: page.page + 1, ...keyOf(last) }) : null,
      };
      return ok(answer);
    },
  );

  // The same list as a file: the same guard, search and order, every row, read in batches.
  app.get<{ Querystring: UnitsQuery }>(
    '/accounts/units.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { user } = authOf(request);
      const selection = await unitsSelection(db, user, request.query, limits);
      // The file holds every row, so its count is exact: the export reads them all anyway.
      const total = await countUnits(db, selection, null);
      return sendCsv(
        reply,
        { name: exportFileName([user.business.name, 'units'], new Date()), totalRows: total },
        unitsCsvColumns,
        (limit, _offset, last) =>
          selectUnits(db, selection, limit, { after: last ? keyOf(last) : undefined }),
      );
    },
  );
}
