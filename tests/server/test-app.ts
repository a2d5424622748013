import type { FastifyInstance } from 'fastify';
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
 * A real server on a real database: in-memory PGlite, or the PostgreSQL named by
 * DATABASE_URL, migrated and seeded with the demo accounts and a few generated farms.
 */
export async function startTestApp(
  options: { production?: boolean; staticDir?: string } = {},
): Promise<TestApp> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: undefined });
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
    },
  };
}

export const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/authenticate?api_action=login',
    payload: { username, password },
  });
