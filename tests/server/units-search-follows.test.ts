import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, ApiUnitsPage, AuthResponse } from '../../shared/api.ts';
import { loginAs, onceHeard, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * The units list reads its search and its order from unit_search, a copy kept by triggers
 * (migration 0021). Whatever changes a unit, its farm or the plans it holds (here written to the
 * database as an import or an administrator would), the list answers as if it read the tables
 * themselves: a renamed farm is found under its new name only, a plan added shows its unit to
 * the plan's provider and a plan removed hides it. And the access rule is still the server's: a
 * copy that said otherwise would not show a unit to a provider without a plan on it.
 *
 * The server holds the list's pages until the database announces a change (unitsListCache): on
 * PostgreSQL that notice comes a moment after the change's commit, so what follows a change is
 * checked again until it holds (PGlite delivers the notice before the change's statement returns).
 */
describe('GET /api/accounts/units follows changes to units, farms and plans', () => {
  let t: TestApp;
  let buyer: AuthResponse;
  let processor: AuthResponse;
  /** A unit the buyer (Acme Foods) sees, and its farm. */
  let seen: { unitId: number; farmId: number };
  /** A unit of Fenland Fresh's that holds no plan of Acme Foods, and its farm. */
  let other: { unitId: number; farmId: number };
  let acmePlanId: number;

  beforeAll(async () => {
    t = await startTestApp();
    [buyer, processor] = await Promise.all([
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'processor@example.com'),
    ]);
    const unitOf = async (holds: string, lacks: string) => {
      const { rows } = await t.db.query<{ unitId: number; farmId: number }>(
        `select un.id as "unitId", un.farm_id as "farmId" from units un
         where exists (select 1 from unit_packages up join packages p on p.id = up.package_id
                       join providers pr on pr.id = p.provider_id
                       where up.unit_id = un.id and pr.reference = $1)
           and not exists (select 1 from unit_packages up join packages p on p.id = up.package_id
                           join providers pr on pr.id = p.provider_id
                           where up.unit_id = un.id and pr.reference = $2)
         order by un.id limit 1`,
        [holds, lacks],
      );
      const row = rows[0];
      if (!row) throw new Error(`No unit holds a plan of ${holds} and none of ${lacks}`);
      return row;
    };
    seen = await unitOf('acme_foods', 'fenland_fresh');
    other = await unitOf('fenland_fresh', 'acme_foods');
    const { rows } = await t.db.query<{ id: number }>(
      `select p.id from packages p join providers pr on pr.id = p.provider_id
       where pr.reference = 'acme_foods' order by p.id limit 1`,
    );
    acmePlanId = rows[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  /** Every unit id the user's list holds for the search, page by page, and the first page. */
  const found = async (who: AuthResponse, search: string) => {
    const ids: number[] = [];
    let first: ApiUnitsPage | undefined;
    for (let n = 1; ; n++) {
      const query = `per_page=100&page=${String(n)}&search=${encodeURIComponent(search)}`;
      const response = await signedInject(
        t.app,
        who.auth_token,
        'GET',
        `/api/accounts/units?${query}`,
      );
      expect(response.statusCode).toBe(200);
      const data = response.json<ApiSuccess<ApiUnitsPage>>().data;
      first ??= data;
      ids.push(...data.records.map((r) => r.unit_id));
      if (data.next_after === null) return { ids, first };
    }
  };

  const unitsOfFarm = async (farmId: number) =>
    (
      await t.db.query<{ id: number }>('select id from units where farm_id = $1 order by id', [
        farmId,
      ])
    ).rows.map((r) => r.id);

  it('finds a renamed farm under its new name, not its old one', async () => {
    await t.db.query(`update farms set name = 'Zephyrine Grange' where id = $1`, [seen.farmId]);
    await onceHeard(async () => {
      const before = await found(buyer, 'zephyrine');
      expect(before.ids).toContain(seen.unitId);
      expect(before.first.records[0]?.farm_name).toBe('Zephyrine Grange');
    });

    await t.db.query(`update farms set name = 'Quillon Meadows' where id = $1`, [seen.farmId]);
    await onceHeard(async () => {
      expect((await found(buyer, 'zephyrine')).ids).toEqual([]);
      const after = await found(buyer, 'QUILLON');
      expect(after.ids).toContain(seen.unitId);
      expect(after.first.records.every((r) => r.farm_name === 'Quillon Meadows')).toBe(true);
    });
    // The list's order follows the name too: "Quillon" comes after "Pxxx" and before "Rxxx".
    const all = await found(buyer, '');
    const names = (
      await t.db.query<{ id: number; name: string }>(
        `select un.id, f.name from units un join farms f on f.id = un.farm_id
         where un.id = any($1::int[])`,
        [all.ids],
      )
    ).rows;
    const byId = new Map(names.map((r) => [r.id, r.name]));
    const listedNames = all.ids.map((id) => byId.get(id) ?? '');
    expect(listedNames).toEqual([...listedNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(listedNames).toContain('Quillon Meadows');
  });

  it("finds a farm by its main contact's new last name and its new postcode", async () => {
    const { rows } = await t.db.query<{ postcode: string }>(
      'select postcode from farms where id = $1',
      [seen.farmId],
    );
    const oldPostcode = rows[0]?.postcode ?? '';
    await t.db.query(
      `update farms set contact_last_name = 'Vasquez-Thorne', postcode = 'ZW9 9QX' where id = $1`,
      [seen.farmId],
    );
    const farmUnits = await unitsOfFarm(seen.farmId);
    await onceHeard(async () => {
      for (const term of ['vasquez-th', 'ZW9 9QX', 'zw99qx', 'Zw9 9']) {
        const { ids } = await found(buyer, term);
        expect(ids, term).toContain(seen.unitId);
        expect(
          ids.every((id) => farmUnits.includes(id)),
          term,
        ).toBe(true);
      }
      expect((await found(buyer, oldPostcode)).ids).not.toContain(seen.unitId);
    });
  });

  it('finds a renamed unit under its new name', async () => {
    await t.db.query(`update units set name = 'Ostrander Paddock' where id = $1`, [seen.unitId]);
    await onceHeard(async () =>
      expect((await found(buyer, 'ostrander')).ids).toEqual([seen.unitId]),
    );
  });

  it("shows a unit to a provider once it holds the provider's plan, and hides it after", async () => {
    await t.db.query(`update farms set name = 'Yarrowby Holt' where id = $1`, [other.farmId]);
    const total = async () => (await found(buyer, '')).first.total_records;
    await onceHeard(async () => {
      expect((await found(buyer, 'yarrowby')).ids).toEqual([]);
      expect((await found(processor, 'yarrowby')).ids).toContain(other.unitId);
    });
    const totalBefore = await total();

    await t.db.query(
      `insert into unit_packages (unit_id, package_id, joined_on) values ($1, $2, current_date)`,
      [other.unitId, acmePlanId],
    );
    await onceHeard(async () => {
      expect((await found(buyer, 'yarrowby')).ids).toEqual([other.unitId]);
      expect(await total()).toBe(totalBefore + 1);
    });

    await t.db.query('delete from unit_packages where unit_id = $1 and package_id = $2', [
      other.unitId,
      acmePlanId,
    ]);
    await onceHeard(async () => {
      expect((await found(buyer, 'yarrowby')).ids).toEqual([]);
      expect(await total()).toBe(totalBefore);
      // The processor's own plan was never touched.
      expect((await found(processor, 'yarrowby')).ids).toContain(other.unitId);
    });
  });

  it('lists a new unit with its plan under its name', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `insert into units (farm_id, name, unit_type_id, holding_number)
       select $1, 'Wenlock Byre', unit_type_id, '12/345/6789' from units where id = $2
       returning id`,
      [other.farmId, other.unitId],
    );
    const unitId = rows[0]?.id ?? 0;
    await onceHeard(async () => expect((await found(buyer, 'wenlock byre')).ids).toEqual([]));
    await t.db.query(
      `insert into unit_packages (unit_id, package_id, joined_on) values ($1, $2, current_date)`,
      [unitId, acmePlanId],
    );
    await onceHeard(async () => expect((await found(buyer, 'wenlock byre')).ids).toEqual([unitId]));
  });

  it("follows a plan moved to another provider: its units move to that provider's list", async () => {
    const { rows } = await t.db.query<{ id: number; provider_id: number; unit_id: number }>(
      `select p.id, p.provider_id, up.unit_id from packages p
       join providers pr on pr.id = p.provider_id
       join unit_packages up on up.package_id = p.id
       where pr.reference = 'fenland_fresh' and up.unit_id = $1`,
      [other.unitId],
    );
    const plan = rows[0];
    if (!plan) throw new Error('The unit holds no plan of Fenland Fresh');
    const acme = (
      await t.db.query<{ id: number }>(`select id from providers where reference = 'acme_foods'`)
    ).rows[0]?.id;
    await t.db.query('update packages set provider_id = $2 where id = $1', [plan.id, acme]);
    try {
      await onceHeard(async () =>
        expect((await found(buyer, 'yarrowby')).ids).toContain(other.unitId),
      );
    } finally {
      await t.db.query('update packages set provider_id = $2 where id = $1', [
        plan.id,
        plan.provider_id,
      ]);
    }
    await onceHeard(async () =>
      expect((await found(buyer, 'yarrowby')).ids).not.toContain(other.unitId),
    );
  });

  it("never lists a unit without the provider's plan, whatever the search copy says", async () => {
    // As if a trigger had missed a change: the copy says Acme Foods holds a plan it does not.
    await t.db.query(
      `update unit_search set provider_ids = array(select id from providers order by id)
       where unit_id = $1`,
      [other.unitId],
    );
    expect((await found(buyer, 'yarrowby')).ids).not.toContain(other.unitId);
    expect((await found(buyer, '')).ids).not.toContain(other.unitId);
  });
});
