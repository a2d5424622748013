/**
 * `npm run seed -- [--farms=N] [--seed=N]`: creates DATA_DIR's database if there is none, applies
 * the migrations and loads the demo data into it if it is empty (a database with users is left
 * as it is), exactly as the server does at its first start, then stops. It holds DATA_DIR's lock
 * throughout, so it refuses while a server runs on the directory. --farms is how many generated
 * farms besides the demo ones (default 2000), --seed the generator's seed (default 20260301).
 * With DATABASE_URL it seeds that PostgreSQL database instead.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedArticlesIfEmpty, seedIfEmpty } from '../server/seed/seed.ts';
import type { DatasetOptions } from '../server/seed/types.ts';
import { exitWith, ToolError, underLock } from './lib/data-dir-tools.ts';

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new ToolError(`--${name} must be a whole number.`);
  return n;
}

async function seed(databaseUrl: string | undefined, dataDir: string, options: DatasetOptions) {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const applied = await migrate(db);
    const result = await seedIfEmpty(db, options, (n) => {
      // Large seeds take minutes (README: about 20 minutes for 200,000 farms): show they move.
      if (n.farms > 0) process.stderr.write(`\r  ${n.farms.toLocaleString('en-GB')} farms …`);
    });
    process.stderr.write('\n');
    const articles = await seedArticlesIfEmpty(db);
    return { applied, result, articles };
  } finally {
    await db.close();
  }
}

try {
  const { values } = parseArgs({
    options: { farms: { type: 'string' }, seed: { type: 'string' } },
  });
  const options: DatasetOptions = {};
  const farms = wholeNumber('farms', values.farms);
  const prngSeed = wholeNumber('seed', values.seed);
  if (farms !== undefined) options.farms = farms;
  if (prngSeed !== undefined) options.seed = prngSeed;

  const started = performance.now();
  const config = readConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const { applied, result, articles } = config.databaseUrl
    ? await seed(config.databaseUrl, config.dataDir, options)
    : await underLock(config.dataDir, 'seed', () => seed(undefined, config.dataDir, options));
  console.log(`Database: ${where}`);
  console.log(`Migrations applied: ${applied.length === 0 ? 'none needed' : applied.join(', ')}`);
  console.log(
    result.seeded
      ? `Demo data seeded: ${Object.entries(result.counts ?? {})
          .map(([table, n]) => `${String(n)} ${table}`)
          .join(', ')}; ${String(articles)} articles.`
      : 'The database already holds users: the demo data was not loaded again.',
  );
  console.log(`Took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  exitWith(error);
}
