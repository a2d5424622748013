/**
 * The server once its data directory is locked and its database open (main.ts does both first,
 * loading this module meanwhile): the app, migrations and demo data, then listening until
 * SIGINT or SIGTERM.
 */
import { writeAdminKey } from './auth/admin-key.ts';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { describeOwner, type DataDirLock } from './db/data-dir-lock.ts';
import type { Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { installDrain } from './http/drain.ts';
import { scheduleRetention } from './maintenance/retention.ts';
import { DEMO_PASSWORD, generateDataset } from './seed/dataset.ts';
import { seedArticlesIfEmpty, seedIfEmpty } from './seed/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** How often the server checks that its lock file is still its own (PostgreSQL: every minute). */
const LOCK_RECHECK_MS = 60_000;

export async function serve(config: ServerConfig, lock: DataDirLock, db: Db): Promise<void> {
  const adminKey = await writeAdminKey(config.dataDir);
  const app = await buildApp({
    db,
    production: config.production,
    staticDir: config.staticDir,
    trustProxy: config.trustProxy,
    adminKey,
    logger: { level: config.logLevel },
    failRequestsMatching: config.failRequestsMatching,
    // The embedded database recovered from a crash: its unlogged nonce table came back empty.
    acceptSignaturesFrom:
      config.databaseUrl === undefined && lock.takenOver !== undefined ? Date.now() : undefined,
  });
  if (lock.takenOver !== undefined) {
    app.log.warn(
      { dataDir: config.dataDir, previous: lock.takenOver },
      lock.takenOver === 'unreadable'
        ? 'took over an unreadable lock file in the data directory'
        : `took over the stale lock of ${describeOwner(lock.takenOver)}, which is no longer running (it did not stop cleanly)`,
    );
  }
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
  const { drain } = installDrain(app);
  const stop = async (signal: string) => {
    if (stopping) return;
    clearInterval(lockCheck);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      stopRetention();
      await drain(); // requests in progress finish; new ones are told 503 and to reconnect
      await app.close();
      await db.close();
      lock.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Someone removed or replaced the lock file: another process may now open the directory, so
  // this one stops rather than share it (as PostgreSQL's postmaster does).
  const lockCheck = setInterval(() => {
    if (lock.stillHeld()) return;
    app.log.fatal({ dataDir: config.dataDir }, 'the data directory lock file is gone or not ours');
    void stop('lock lost');
  }, LOCK_RECHECK_MS);
  lockCheck.unref();
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  lock.setPort(port);
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
