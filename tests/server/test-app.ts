import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

/**
 * With DATABASE_URL set, each test app gets a database of its own on that server (the role
 * needs CREATEDB), so that test files run in parallel without seeing each other's rows.
 */
async function freshPostgresDatabase(adminUrl: string) {
  const name = `fdp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A real server on a real database: in-memory PGlite, or a fresh database on the PostgreSQL
 * server named by DATABASE_URL, migrated and seeded with the demo accounts and a few farms.
 */
export async function startTestApp(
  options: { production?: boolean; staticDir?: string } = {},
): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
  const db = await openDatabase({ databaseUrl: postgres?.url, dataDir: undefined });
  await migrate(db);
  await seedIfEmpty(db, { farms: 25 });
  const app = await buildApp({
    db,
    production: options.production ?? false,
    staticDir: options.staticDir,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await postgres?.drop();
    },
  };
}

export const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/authenticate?api_action=login',
    payload: { username, password },
  });
