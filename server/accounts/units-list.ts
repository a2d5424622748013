import type { FastifyInstance } from 'fastify';
import type { ApiUnitListing, ApiUser, UnitBadge } from '../../shared/api.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db } from '../db/index.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { likePattern, pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { postalAddress, type AddressColumns } from './address.ts';
import { visiblePackagesCondition, visibleUnitsCondition } from './access.ts';
import { unitsCsvColumns } from './units-csv.ts';

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

/**
 * The one definition of the units list, for its JSON pages and its CSV: the units the user may
 * open (access.ts), matching the search by unit name, farm name, main contact's last name or
 * postcode (spaces in postcodes ignored), ordered by farm, unit and id (a total order, so that an
 * export's batches never overlap), with the plans of the user's provider on each.
 */
function unitsSelection(user: ApiUser, query: UnitsQuery) {
  const search = (query.search ?? '').trim().slice(0, 100);
  const units = visibleUnitsCondition(user, 1);
  const params: unknown[] = [...units.params];
  let where = units.sql;
  if (search !== '') {
    params.push(likePattern(search), likePattern(search.replace(/\s+/g, '')));
    const [text, compact] = [params.length - 1, params.length];
    where += ` and (un.name ilike $${text} or f.name ilike $${text} or f.contact_last_name ilike $${text}
               or replace(f.postcode, ' ', '') ilike $${compact})`;
  }
  const plans = visiblePackagesCondition(user, params.length + 1);
  const selectParams = [...params, ...plans.params];
  return {
    where,
    /** The condition's parameters alone, for a count. */
    params,
    /**
     * At most `limit` rows in the list's order: from `page.offset` on, each with the list's
     * total (one query answers a page), or, for an export, after the row `page.after` (keyset,
     * so that the 30th batch of 15,000 units costs what the first does).
     */
    select: (limit: number, page: { offset: number } | { after: UnitKey | undefined }) => {
      const all = [...selectParams];
      const param = (value: unknown) => {
        all.push(value);
        return `$${String(all.length)}`;
      };
      const after =
        'after' in page && page.after
          ? `and (f.name, un.name, un.id) > (${param(page.after.farm_name)}::text, ${param(page.after.unit_name)}::text, ${param(page.after.unit_id)}::int)`
          : '';
      const total = 'offset' in page ? ', count(*) over ()::int as total' : '';
      const paging = `limit ${param(limit)}${'offset' in page ? ` offset ${param(page.offset)}` : ''}`;
      return {
        sql: `select un.id as unit_id, un.name as unit_name, un.unit_type_id, ut.name as unit_type_name,
                un.supports_mifarm, un.supports_bcms_cts, f.id as farm_id, f.name as farm_name,
                f.contact_first_name, f.contact_last_name, f.address_line1, f.address_line2,
                f.town, f.county, f.postcode,
                (select array_agg(p.visible_name order by p.visible_name)
                   from unit_packages up join packages p on p.id = up.package_id
                   where up.unit_id = un.id and (${plans.sql})) as plans${total}
         from units un
         join farms f on f.id = un.farm_id
         join unit_types ut on ut.id = un.unit_type_id
         where ${where} ${after}
         order by f.name, un.name, un.id
         ${paging}`,
        params: all,
      };
    },
  };
}

/** Where a units list's order stands: the farm's and unit's names, then the unit's id. */
type UnitKey = Pick<ListingRow, 'farm_name' | 'unit_name' | 'unit_id'>;

type UnitsSelection = ReturnType<typeof unitsSelection>;

async function countUnits(db: Db, selection: UnitsSelection): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from units un join farms f on f.id = un.farm_id where ${selection.where}`,
    selection.params,
  );
  return rows[0]?.n ?? 0;
}

async function selectUnits(
  db: Db,
  selection: UnitsSelection,
  limit: number,
  page: Parameters<UnitsSelection['select']>[1],
) {
  const { sql, params } = selection.select(limit, page);
  return (await db.query<ListingRow & { total?: number }>(sql, params)).rows;
}

/** The units company staff may open, searchable and paged, and the same list as a CSV file. */
export function registerUnitsList(app: FastifyInstance, db: Db): void {
  const guard = { rule: 'units-list', scope: 'none' } as const;

  app.get<{ Querystring: UnitsQuery & { page?: string; per_page?: string } }>(
    '/accounts/units',
    { config: { access: 'user', guard } },
    async (request) => {
      const { user } = authOf(request);
      const page = pageRequest(request.query);
      const selection = unitsSelection(user, request.query);
      // One query answers the page and the total; only a page past the end needs a count of its own.
      const rows = await selectUnits(db, selection, page.perPage, { offset: page.offset });
      const total = rows[0]?.total ?? (await countUnits(db, selection));

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
      return ok(pagedResult(page, total, records));
    },
  );

  // The same list as a file: the same guard, search and order, every row, read in batches.
  app.get<{ Querystring: UnitsQuery }>(
    '/accounts/units.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { user } = authOf(request);
      const selection = unitsSelection(user, request.query);
      const total = await countUnits(db, selection);
      return sendCsv(
        reply,
        { name: exportFileName([user.business.name, 'units'], new Date()), totalRows: total },
        unitsCsvColumns,
        (limit, _offset, last) => selectUnits(db, selection, limit, { after: last }),
      );
    },
  );
}
