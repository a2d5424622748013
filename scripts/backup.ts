/**
 * `npm run backup -- FILE`: writes a consistent copy of the embedded database to FILE (a gzip
 * tarball of its data directory), whether or not the server is running. A running server is
 * asked for it through its admin channel (it alone may open the database; the copy is taken
 * between transactions); otherwise the database is opened here under DATA_DIR's lock. FILE is
 * written whole or not at all. With DATABASE_URL it prints the pg_dump command to use instead.
 */
import { readConfig } from '../server/config.ts';
import { BACKUP_CONTENT_TYPE } from '../server/auth/internal-routes.ts';
import { pathExists, pgCommands, pgliteDir, writeFileAtomically } from '../server/db/backup.ts';
import { describeOwner } from '../server/db/data-dir-lock.ts';
import { openDatabase } from '../server/db/index.ts';
import { exitWith, failureOf, ToolError, withServerOrLock } from './lib/data-dir-tools.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- FILE   (for example backups/fdp-2026-11-23.tar.gz)');
  process.exit(2);
}

const config = readConfig();

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: the database is PostgreSQL, which this script does not copy. Use:\n' +
      `  ${pgCommands(file).backup}`,
  );
  process.exit(2);
}

try {
  const started = Date.now();
  const { bytes, how } = await withServerOrLock(
    config,
    'backup',
    async (server) => {
      const response = await server.call('GET', '/api/internal/backup');
      if (!response.ok) throw new ToolError(await failureOf(response));
      if (response.headers.get('content-type') !== BACKUP_CONTENT_TYPE)
        throw new ToolError(`The server answered ${String(response.headers.get('content-type'))}.`);
      const body = Buffer.from(await response.arrayBuffer());
      return { bytes: body, how: `from ${describeOwner(server.owner)}` };
    },
    async () => {
      if (!(await pathExists(pgliteDir(config.dataDir))))
        throw new ToolError(`There is no database in ${config.dataDir} to back up.`);
      const db = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
      try {
        if (!db.dumpDataDir) throw new ToolError('This database cannot be dumped.');
        return { bytes: await db.dumpDataDir(), how: 'directly (no server was running)' };
      } finally {
        await db.close();
      }
    },
  );
  await writeFileAtomically(file, bytes);
  const mb = (bytes.byteLength / 1024 / 1024).toFixed(1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up ${config.dataDir} ${how} to ${file} (${mb} MB, ${seconds} s). ` +
      `Restore it with: npm run restore -- ${file}`,
  );
} catch (error) {
  exitWith(error);
}
