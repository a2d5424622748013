import { readConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/index.ts';

/** Starts the API (and the built portal when present), and stops cleanly on SIGINT or SIGTERM. */
export async function main(): Promise<void> {
  const config = readConfig();
  // Before anything in DATA_DIR is written or opened: a second server must change nothing there.
  // Taken with PostgreSQL too, because admin.key lives in DATA_DIR: each server needs its own.
  const lock = lockDataDir(config.dataDir, 'server');
  // The embedded database opens on its own thread while this one loads the rest of the server's
  // code: nothing else is imported above, so the thread starts before that loading, not after.
  const [db, { serve }] = await Promise.all([
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./serve.ts'),
  ]);
  await serve(config, lock, db);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    // A refusal to share the data directory is an answer, not a crash: no stack trace.
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  });
}
