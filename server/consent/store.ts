import type { Queryable } from '../db/index.ts';

/**
 * The SQL of a category withheld on a row of consent_grants (alias c) as of the day in $today: the
 * farm stopped sharing it, or shared it until a day before today. No row: the plan's default,
 * shared.
 */
const WITHHELD = (today: string) =>
  `(not c.shared or (c.until is not null and c.until < ${today}))`;

/**
 * SQL for the array of categories a unit's farm withholds today from a provider's staff, sorted;
 * the three arguments are SQL expressions (a column or a parameter), so that a caller can read it
 * in the same query as the unit (AccessRules.states).
 */
export const withheldCategoriesSql = (unit: string, provider: string, today: string) =>
  `array(select c.category from consent_grants c
         where c.unit_id = ${unit} and c.provider_id = ${provider} and ${WITHHELD(`${today}::date`)}
         order by c.category)`;

/**
 * Of these units, those whose farm withholds today any of the categories from the provider's
 * staff, for a call that reads many units at once (survey returns, Customer Insights).
 */
export async function unitsWithholding(
  db: Queryable,
  unitIds: readonly number[],
  providerId: number,
  categories: readonly string[],
  today: string,
): Promise<Set<number>> {
  if (unitIds.length === 0 || categories.length === 0) return new Set();
  const { rows } = await db.query<{ unit_id: number }>(
    `select distinct c.unit_id from consent_grants c
     where c.unit_id = any($1::int[]) and c.provider_id = $2 and c.category = any($3::text[])
       and ${WITHHELD('$4::date')}`,
    [unitIds, providerId, categories, today],
  );
  return new Set(rows.map((r) => r.unit_id));
}

/** A row of consent_grants: the farm's last choice for one category and provider. */
export interface ConsentRow {
  provider_id: number;
  category: string;
  shared: boolean;
  until: string | null;
  changed_by: string | null;
  changed_at: string;
}

/** The farm's choices for the unit, every provider and category. */
export async function consentRows(db: Queryable, unitId: number): Promise<ConsentRow[]> {
  const { rows } = await db.query<ConsentRow>(
    `select c.provider_id, c.category, c.shared, to_char(c.until, 'YYYY-MM-DD') as until,
            case when u.id is null then null else u.first_name || ' ' || u.last_name end as changed_by,
            to_char(c.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as changed_at
     from consent_grants c left join users u on u.id = c.changed_by
     where c.unit_id = $1`,
    [unitId],
  );
  return rows;
}

/** Writes the farm's choice for one category and provider, replacing the last. */
export async function storeConsent(
  db: Queryable,
  choice: {
    unitId: number;
    providerId: number;
    category: string;
    shared: boolean;
    until: string | null;
    userId: number;
    at: string;
  },
): Promise<void> {
  await db.query(
    `insert into consent_grants (unit_id, provider_id, category, shared, until, changed_by, changed_at)
     values ($1, $2, $3, $4, $5::date, $6, $7::timestamptz)
     on conflict (unit_id, provider_id, category) do update
       set shared = excluded.shared, until = excluded.until,
           changed_by = excluded.changed_by, changed_at = excluded.changed_at`,
    [
      choice.unitId,
      choice.providerId,
      choice.category,
      choice.shared,
      choice.until,
      choice.userId,
      choice.at,
    ],
  );
}
