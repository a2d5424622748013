/**
 * `npm run restore -- FILE`: replaces the embedded database in DATA_DIR with a backup made by
 * `npm run backup`. Refuses while a server (or any other tool) holds DATA_DIR: stop it first.
 * The backup is opened in a directory beside the database before anything is replaced, and the
 * database it replaces is kept as DATA_DIR/pglite.before-restore-<time>. With DATABASE_URL it
 * prints the pg_restore command to use instead.
 */
import { readConfig } from '../server/config.ts';
import { pgCommands, readBackup, restorePglite } from '../server/db/backup.ts';
import { exitWith, underLock } from './lib/data-dir-tools.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (a file written by npm run backup)');
  process.exit(2);
}

const config = readConfig();

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: the database is PostgreSQL, which this script does not restore. ' +
      `For a file written by pg_dump --format=custom, use:\n  ${pgCommands(file).restore}`,
  );
  process.exit(2);
}

try {
  const started = Date.now();
  const backup = await readBackup(file);
  const result = await underLock(config.dataDir, 'restore', () =>
    restorePglite(config.dataDir, backup),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${config.dataDir} from ${file} (${seconds} s).`);
  if (result.previous)
    console.log(`The database it replaced is kept in ${result.previous}; delete it when done.`);
} catch (error) {
  exitWith(error);
}
