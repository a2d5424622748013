import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { loadMigrations, migrate, splitStatements } from '../../server/db/migrate.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { startTestApp, type TestApp } from './test-app.ts';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('records every migration once; a second run applies nothing', async () => {
    const versions = (await loadMigrations()).map((m) => m.version);
    const { rows } = await t.db.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(versions);
    expect(await migrate(t.db)).toEqual([]);
  });

  it('leaves the planner statistics of the seeded tables (ANALYZE after seeding and migrating)', async () => {
    const { rows } = await t.db.query<{ relname: string; reltuples: number }>(
      `select relname, reltuples::float8 as reltuples from pg_class
       where relname in ('records', 'units', 'farms', 'unit_packages') order by relname`,
    );
    // -1 is PostgreSQL's "never analysed"; the test database's seed holds rows in each.
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.reltuples, row.relname).toBeGreaterThan(0);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(t.db)).toEqual({ seeded: false });
  });

  it('stores passwords as salted scrypt hashes, never in clear', async () => {
    const { rows } = await t.db.query<{ password_hash: string }>('select password_hash from users');
    expect(rows.length).toBe(6); // the six demo accounts
    const hashes = new Set(rows.map((r) => r.password_hash));
    expect(hashes.size).toBe(rows.length); // each has its own salt
    for (const { password_hash } of rows) {
      expect(password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(password_hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it('holds the demo farms as the README describes them', async () => {
    const units = await t.db.query<{ username: string; units: number; plans: number[] }>(`
      select u.username, count(distinct un.id)::int as units,
             array_agg(pc.plans order by un.id) as plans
      from users u
      join farms f on f.business_id = u.business_id
      join units un on un.farm_id = f.id
      join lateral (select count(*)::int as plans from unit_packages up where up.unit_id = un.id) pc on true
      where u.type = 'farm_employee'
      group by u.username order by u.username`);
    const byUser = Object.fromEntries(units.rows.map((r) => [r.username, r]));
    expect(byUser['farmer@example.com']).toMatchObject({ units: 1, plans: [1] });
    expect(byUser['multi@example.com']?.units).toBe(3);
    expect(byUser['multi@example.com']?.plans).toContain(2);
  });
});

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });
});

describe('splitStatements', () => {
  it('splits on line-ending semicolons and drops comments', () => {
    expect(
      splitStatements('-- a comment\ncreate table a (x int);\n\ncreate index b on a (x);\n'),
    ).toEqual(['create table a (x int)', 'create index b on a (x)']);
  });
});
