import type { FastifyInstance } from 'fastify';
import type { ApiUnitListing, ApiUnitsPage } from '../../shared/api.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { NotifiedCache } from '../db/notified-cache.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { badRequest } from '../http/errors.ts';
import { pagedResult, pageRequest, type PageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { ACCESS_CHANGED_CHANNEL } from '../access/rules.ts';
import { postalAddress } from './address.ts';
import { decodeCursor, encodeCursor } from './units-cursor.ts';
import { unitsCsvColumns } from './units-csv.ts';
import {
  badgesOf,
  keyOf,
  unitsSelection,
  type ListingRow,
  type PageStart,
  type UnitsSelection,
} from './units-query.ts';
import { DEFAULT_SEARCH_LIMITS, type SearchLimits } from './units-search.ts';

interface UnitsQuery {
  search?: string;
}

/**
 * The list's pages and counts as read, held until the database announces a change to what they
 * were read from: units, farms, unit types, plans, the plans a unit holds and unit_search, all of
 * which notify access_changed (0020_access_notices.sql, 0024_read_notices.sql) and none of
 * which the busy tables are. The key is the statement and its parameters, which name the user's
 * scope (their business or provider), the term and the page: two users share an entry only where
 * the database would answer them the same. A few thousand pages of ten, a minute at most.
 */
export function unitsListCache(db: Db, clock?: () => number) {
  return new NotifiedCache<readonly object[]>(
    db,
    ACCESS_CHANGED_CHANNEL,
    { lifetimeMs: 60_000, maxEntries: 2_000 },
    clock,
  );
}

export type UnitsListCache = ReturnType<typeof unitsListCache>;

/** The rows of a list statement: held ones where the cache has them, else the database's. */
type ListReader = <T extends object>(
  sql: string,
  params: readonly unknown[],
  selection: UnitsSelection,
) => Promise<readonly T[]>;

const readerOf =
  (db: Db, cache?: UnitsListCache): ListReader =>
  async <T extends object>(sql: string, params: readonly unknown[], selection: UnitsSelection) => {
    const read = async () => (await db.query<T>(sql, params, planFor(selection))).rows;
    if (!cache) return read();
    return (await cache.get(`${sql}\u0000${JSON.stringify(params)}`, read)) as readonly T[];
  };

async function countUnits(
  read: ListReader,
  selection: UnitsSelection,
  cap: number | null,
): Promise<number> {
  const { sql, params } = selection.count(cap);
  const rows = await read<{ n: number }>(sql, params, selection);
  return rows[0]?.n ?? 0;
}

async function selectUnits(
  read: ListReader,
  selection: UnitsSelection,
  limit: number,
  start: PageStart,
  countTo?: number,
): Promise<readonly ListingRow[]> {
  const { sql, params } = selection.select(limit, start, countTo);
  return read<ListingRow>(sql, params, selection);
}

/**
 * How many rows a term matches decides a search's plan (a postcode or a common word), so a search
 * is planned for its term each time. The unsearched list's plan is the same for any page, and
 * planning it again costs more than running it (1.6 to 2.2 ms against about 1.5 on PGlite).
 */
const planFor = (selection: UnitsSelection) =>
  ({ plan: selection.searched ? 'per-call' : 'shared' }) as const;

/**
 * The page's total: known without a count when a page by number holds the last rows (the rows
 * before it and its own), however many; else what the page's own pass counted, up to the cap
 * (counted again when the page is empty): past the cap the answer is the cap and `capped`. After
 * a cursor the rows before are not known (per_page may have changed), so it counts.
 */
async function totalOf(
  read: ListReader,
  selection: UnitsSelection,
  page: PageRequest & { byCursor: boolean },
  rows: readonly ListingRow[],
  more: boolean,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  if (!page.byCursor && !more && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, capped: false };
  }
  const n = rows[0]?.total ?? (await countUnits(read, selection, cap));
  return n > cap && !selection.countsAll
    ? { total: cap, capped: true }
    : { total: n, capped: false };
}

/** The units company staff may open, searchable and paged, and the same list as a CSV file. */
export function registerUnitsList(
  app: FastifyInstance,
  db: Db,
  options: { limits?: SearchLimits; cache?: UnitsListCache } = {},
): void {
  const limits = options.limits ?? DEFAULT_SEARCH_LIMITS;
  // The pages through the cache; the CSV reads the database, each of its batches once.
  const read = readerOf(db, options.cache);
  const direct = readerOf(db);
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
      const selection = unitsSelection(user, query.search);
      // One row beyond the page says whether another page follows; the count comes with it.
      const start: PageStart = cursor ? { after: cursor } : { offset: page.offset };
      const found = await selectUnits(read, selection, page.perPage + 1, start, limits.totalCap);
      const rows = found.slice(0, page.perPage);
      const more = found.length > page.perPage;
      const { total, capped } = await totalOf(
        read,
        selection,
        { ...page, byCursor: cursor !== undefined },
        rows,
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
      const selection = unitsSelection(user, request.query.search);
      // The file holds every row, so its count is exact: the export reads them all anyway.
      const total = await countUnits(direct, selection, null);
      return sendCsv(
        reply,
        { name: exportFileName([user.business.name, 'units'], new Date()), totalRows: total },
        unitsCsvColumns,
        (limit, _offset, last) =>
          selectUnits(direct, selection, limit, { after: last ? keyOf(last) : undefined }),
      );
    },
  );
}
