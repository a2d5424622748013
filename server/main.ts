import { buildApp } from './app.ts';
import { writeAdminKey } from './auth/admin-key.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_PASSWORD, generateDataset } from './seed/dataset.ts';
import { scheduleRetention } from './maintenance/retention.ts';
import { seedArticlesIfEmpty, seedIfEmpty } from './seed/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the API (and the built portal when present), and stops cleanly on SIGINT or SIGTERM. */
export async function main(): Promise<void> {
  const config = readConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const adminKey = await writeAdminKey(config.dataDir);
  const app = await buildApp({
    db,
    production: config.production,
    staticDir: config.staticDir,
    trustProxy: config.trustProxy,
    adminKey,
    logger: { level: config.logLevel },
    failRequestsMatching: config.failRequestsMatching,
  });
  if (config.failRequestsMatching) {
    app.log.warn(
      { pattern: config.failRequestsMatching.source },
      'FAIL_REQUESTS_MATCHING is set: matching requests will fail on purpose',
    );
  }

  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  const seed = await seedIfEmpty(db);
  if (seed.seeded) app.log.info({ counts: seed.counts }, 'demo data seeded');
  const articles = await seedArticlesIfEmpty(db);
  if (articles > 0) app.log.info({ articles }, 'demo articles seeded');
  const stopRetention = scheduleRetention(db, (msg, error) =>
    error === undefined ? app.log.info(msg) : app.log.error({ err: error }, msg),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      stopRetention();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printBanner(
    config.staticDir === undefined ? 'API server' : 'Farm-data portal',
    port,
    config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`,
  );
}

function printBanner(what: string, port: number, database: string): void {
  const accounts = generateDataset({ farms: 0 })
    .users.map((u) => `    ${u.username.padEnd(24)} ${u.description}`)
    .join('\n');
  process.stdout.write(
    `\n  ${what} running at http://localhost:${port}\n` +
      `  Database: ${database}\n\n` +
      `  Demo accounts (password: ${DEMO_PASSWORD}):\n${accounts}\n\n` +
      `  Press Ctrl-C to stop.\n\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
