import type { ApiUser } from '../../shared/api.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';

export const forbidden = (msg: string) => new HttpError(403, msg);

/** Where a query's units row keeps the unit's id and its farm's. */
interface UnitColumns {
  id: string;
  farmId: string;
}

/**
 * The one rule for who sees which unit: a farm user sees every unit of their business's farm;
 * company staff see units that hold a plan of their provider. Everything else is denied.
 * Returns the SQL condition on a units row aliased "un" (or on `unit`'s columns) and its
 * parameters from $first on.
 */
export function visibleUnitsCondition(
  user: ApiUser,
  first: number,
  unit: UnitColumns = { id: 'un.id', farmId: 'un.farm_id' },
): { sql: string; params: unknown[] } {
  if (user.type === 'farm_employee') {
    return {
      sql: `${unit.farmId} in (select f.id from farms f where f.business_id = $${first})`,
      params: [user.business.id],
    };
  }
  if (user.type === 'company_employee' && user.provider) {
    return {
      sql: `exists (select 1 from unit_packages up join packages p on p.id = up.package_id
                    where up.unit_id = ${unit.id} and p.provider_id = $${first})`,
      params: [user.provider.id],
    };
  }
  return { sql: 'false', params: [] };
}

/**
 * The same rule on a unit_search row "us" (migration 0021), led by what that table's indexes
 * answer: for company staff, the rows whose provider_ids hold their provider, which its triggers
 * keep. That only narrows the rows read; the rule itself is then applied to each row found, so a
 * provider_ids gone stale could hide a unit from its provider, never show one to another.
 */
export function visibleSearchRowsCondition(
  user: ApiUser,
  first: number,
): { sql: string; params: unknown[] } {
  const rule = visibleUnitsCondition(user, first, { id: 'us.unit_id', farmId: 'us.farm_id' });
  if (user.type === 'company_employee' && user.provider) {
    return { sql: `us.provider_ids @> array[$${first}::int] and ${rule.sql}`, params: rule.params };
  }
  return rule;
}

/** Which plans of a visible unit the user may see: all for its farm, their provider's for staff. */
export function visiblePackagesCondition(
  user: ApiUser,
  first: number,
): { sql: string; params: unknown[] } {
  if (user.type === 'company_employee' && user.provider) {
    return { sql: `p.provider_id = $${first}`, params: [user.provider.id] };
  }
  return { sql: 'true', params: [] };
}

/** What the access rules need to know of a unit: its farm and what it supports. */
export interface UnitFacts {
  farm_id: number;
  supports_mifarm: boolean;
  supports_bcms_cts: boolean;
}

/**
 * 404 when the unit does not exist, 403 when it exists but is not the user's to see; else the
 * unit's facts, read in the same query.
 */
export async function assertUnitVisible(
  db: Queryable,
  user: ApiUser,
  unitId: number,
): Promise<UnitFacts> {
  const condition = visibleUnitsCondition(user, 2);
  const { rows } = await db.query<UnitFacts & { visible: boolean }>(
    `select (${condition.sql}) as visible, un.farm_id, un.supports_mifarm, un.supports_bcms_cts
     from units un where un.id = $1`,
    [unitId, ...condition.params],
  );
  const { visible: _visible, ...facts } = visibleUnit(rows[0], unitId);
  return facts;
}

/** The unit row read with visibleUnitsCondition as `visible`: 404 when none, 403 when not. */
export function visibleUnit<Row extends { visible: boolean }>(
  row: Row | undefined,
  unitId: number,
): Row {
  if (!row) throw notFound(`Unit ${unitId} does not exist.`);
  if (!row.visible) throw forbidden('You do not have access to this unit.');
  return row;
}

/** A path or query id: a positive whole number, else 400. */
export function positiveId(value: unknown, name: string): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n <= 0)
    throw badRequest(`${name} must be a positive whole number.`, { [name]: 'is invalid' });
  return n;
}
