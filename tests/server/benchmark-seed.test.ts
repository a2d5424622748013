import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';

/**
 * A fresh database seeded as the server seeds one on first start (2,000 generated farms) holds
 * enough farm records for benchmark groups to be real (issue 19, point 1): figures measured on
 * the default seed are in the comments.
 */
describe('a freshly seeded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await migrate(db);
    await seedIfEmpty(db);
  }, 180_000);
  afterAll(() => db.close());

  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]?.n ?? 0;

  it('holds a whole 2025 of monthly records for at least 500 dairies', async () => {
    // 757 on the default seed.
    const dairies = await count(`
      select count(*)::int as n from (
        select r.unit_id from records r
          join units u on u.id = r.unit_id
          join unit_types t on t.id = u.unit_type_id
         where t.name = 'Dairy' and r.record_type = 'monthly' and r.data->>'month' like '2025-%'
         group by r.unit_id having count(*) = 12) full_years`);
    expect(dairies).toBeGreaterThanOrEqual(500);
  });

  it('holds annual records for each year end of 2023–2025, crops for each harvest, herds and medicines', async () => {
    for (const year of ['2023', '2024', '2025']) {
      // About 1,250 a year.
      expect(
        await count(`select count(*)::int as n from records
          where record_type = 'annual' and data->>'year_end_date' like '${year}-%'`),
      ).toBeGreaterThanOrEqual(1000);
      // About 820 units a harvest.
      expect(
        await count(`select count(distinct unit_id)::int as n from records
          where record_type = 'crop' and data->>'harvest_date' like '${year}-%'`),
      ).toBeGreaterThanOrEqual(500);
    }
    expect(
      await count(
        `select count(distinct unit_id)::int as n from records where record_type = 'animal'`,
      ),
    ).toBeGreaterThanOrEqual(200);
    expect(
      await count(
        `select count(distinct unit_id)::int as n from records where record_type = 'medicine-book'`,
      ),
    ).toBeGreaterThanOrEqual(200);
  });

  it('holds GHG dairy baselines for 2023–2025, each with the result and tables saved calculations keep', async () => {
    const { rows } = await db.query<{ name: string; n: number; complete: number }>(`
      select name, count(*)::int as n,
             count(*) filter (where result ? 'totals' and result ? 'sources'
               and jsonb_typeof(tables) = 'object' and inputs ? 'animals')::int as complete
        from calculations where calculator = 'ghg-dairy' and role = 'baseline'
       group by name order by name`);
    expect(rows.map((r) => r.name)).toEqual(['Baseline 2023', 'Baseline 2024', 'Baseline 2025']);
    for (const row of rows) {
      // About 435 a year: 60 % of the 712 dairies whose plans have GHG What If? (Dairy).
      expect(row.n).toBeGreaterThanOrEqual(300);
      expect(row.complete).toBe(row.n);
    }
  });
});
