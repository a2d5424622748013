import type { ApiRecord } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { likePattern } from '../http/paging.ts';
import { RECORD_COLUMNS } from './columns.ts';
import { searchCondition } from './record-search.ts';
import type { RecordType } from './record-types.ts';

/** The list's query as the portal sends it; the CSV export takes the same one. */
export interface RecordListQuery {
  sort?: string;
  direction?: string;
  search?: string;
}

/**
 * Which records of a unit a list holds (`where` with `params`), and their order (`orderBy`,
 * whose parameters `orderParams` follow `params`: a count leaves them out).
 */
export interface RecordSelection {
  where: string;
  params: unknown[];
  orderBy: string;
  orderParams: unknown[];
}

/**
 * The one definition of a records list, for its JSON pages and its CSV: the unit's records of
 * the type, matching the search (record-search.ts), sorted by the chosen field (numbers as
 * numbers) and then by id, so that the order is total and batches never overlap. Every value is
 * a parameter; a sort field that is not the type's, or a direction other than asc or desc, is 400.
 */
export function recordSelection(
  type: RecordType,
  unitId: number,
  query: RecordListQuery,
): RecordSelection {
  const sortField = query.sort ?? type.defaultSort.field;
  if (!Object.hasOwn(type.schema.properties, sortField)) {
    throw badRequest(`"${sortField}" is not a field of ${type.title}.`, { sort: 'is invalid' });
  }
  const direction = (query.direction ?? type.defaultSort.direction).toLowerCase();
  if (direction !== 'asc' && direction !== 'desc')
    throw badRequest('direction must be asc or desc.', { direction: 'is invalid' });

  const params: unknown[] = [unitId, type.name];
  let where = 'unit_id = $1 and record_type = $2';
  const search = (query.search ?? '').trim();
  if (search !== '') {
    // Stored values and the list's display of them ("Mar 2026", "183,420"), all parameters.
    params.push(likePattern(search));
    const matches = searchCondition(type, search, params.length, params);
    if (matches) where += ` and ${matches}`;
    else params.pop();
  }
  // The sort key is a parameter, never spliced in; numbers sort as numbers.
  const field = `$${String(params.length + 1)}`;
  const key = type.numericFields.has(sortField)
    ? `(data->>${field})::numeric`
    : `(data->>${field})`;
  return {
    where,
    params,
    orderBy: `${key} ${direction} nulls last, id ${direction}`,
    orderParams: [sortField],
  };
}

/** How many records the list holds. */
export async function countRecords(db: Queryable, selection: RecordSelection): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from records where ${selection.where}`,
    selection.params,
  );
  return rows[0]?.n ?? 0;
}

/** One page, or one batch of an export, of the list in its order. */
export async function selectRecords(
  db: Queryable,
  selection: RecordSelection,
  limit: number,
  offset: number,
): Promise<ApiRecord[]> {
  const params = [...selection.params, ...selection.orderParams, limit, offset];
  const { rows } = await db.query<ApiRecord>(
    `select ${RECORD_COLUMNS} from records where ${selection.where}
     order by ${selection.orderBy}
     limit $${String(params.length - 1)} offset $${String(params.length)}`,
    params,
  );
  return rows;
}
