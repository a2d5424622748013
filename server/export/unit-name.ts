import type { Queryable } from '../db/index.ts';

/** A unit's name, for an export's file name; the route's guard has already seen the unit. */
export async function unitName(db: Queryable, unitId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>('select name from units where id = $1', [
    unitId,
  ]);
  return rows[0]?.name ?? `unit-${String(unitId)}`;
}
