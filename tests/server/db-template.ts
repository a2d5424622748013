import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { seedArticlesIfEmpty, seedIfEmpty } from '../../server/seed/seed.ts';

/**
 * Where the server tests' template database is, as global-setup.ts provides it to each file:
 * a PGlite data directory tarball (tar, uncompressed) or a PostgreSQL database's name.
 */
export type DbTemplate = { kind: 'pglite'; tarball: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate | undefined;
  }
}

/** What every test app starts from: every migration, the demo accounts with 25 farms, articles. */
export async function prepareDatabase(db: Db, farms = 25): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db, { farms });
  await seedArticlesIfEmpty(db);
}

/** The same server as `adminUrl`, database `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the PostgreSQL server's admin database (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export const newDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL database's URL when DATABASE_URL is set. */
  url: string | undefined;
  drop: () => Promise<void>;
}

/**
 * A database of the test's own, prepared as prepareDatabase() leaves one: with DATABASE_URL set,
 * a new database on that server (the role needs CREATEDB), else in-memory PGlite. With a
 * template it is a copy of it (CREATE DATABASE … TEMPLATE, or PGlite's loadDataDir), which
 * skips initdb, the migrations and the seed's OWASP-cost password hashes; without one (a file
 * run outside the server project, or a test that needs `farms` generated farms rather than 25)
 * it is prepared from scratch. Either way nothing is shared with another test app.
 */
export async function openTestDatabase(
  template: DbTemplate | undefined,
  farms?: number,
): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = newDatabaseName('fdp_test');
    const source = template?.kind === 'postgres' ? ` template ${template.name}` : '';
    await adminQuery(adminUrl, `create database ${name}${source}`);
    const url = databaseUrl(adminUrl, name);
    const db = await openDatabase({ databaseUrl: url, dataDir: undefined });
    if (!source) await prepareDatabase(db, farms);
    return {
      db,
      url,
      drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    };
  }
  if (template?.kind === 'pglite') {
    const tarball = new Blob([await readFile(template.tarball)], { type: 'application/x-tar' });
    return { db: await openPglite(undefined, tarball), url: undefined, drop: async () => {} };
  }
  const db = await openPglite(undefined);
  await prepareDatabase(db, farms);
  return { db, url: undefined, drop: async () => {} };
}
