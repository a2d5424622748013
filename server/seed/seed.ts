import { hashPassword } from '../auth/password.ts';
import type { Db, Queryable } from '../db/index.ts';
import { afterBulkChanges } from '../db/migrate.ts';
import { generateArticles } from './articles.ts';
import { datasetSlices } from './dataset.ts';
import type { Dataset, DatasetOptions, DemoUser } from './types.ts';
import { DEMO_PASSWORD } from './dataset.ts';
import { seedSurveyResponsesIfEmpty } from './surveys.ts';
import { seedIntakeIfEmpty } from './intake.ts';

type Columns = Record<string, string>;

/** Rows per insert statement. */
const INSERT_SLICE = 5000;

/** Bulk insert through one jsonb parameter: one round trip per table, the same SQL on PGlite and PostgreSQL. */
async function insertRows(
  tx: Queryable,
  table: string,
  columns: Columns,
  rows: readonly object[],
  identity = 'id' in columns,
) {
  if (rows.length === 0) return;
  const names = Object.keys(columns).join(', ');
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  // In slices, so the tens of thousands of seeded records never make one huge parameter.
  for (let from = 0; from < rows.length; from += INSERT_SLICE) {
    await tx.query(
      `insert into ${table} (${names}) select ${names} from jsonb_to_recordset($1::jsonb) as x(${definition})`,
      [JSON.stringify(rows.slice(from, from + INSERT_SLICE))],
    );
  }
  if (identity) {
    // Rows came with their ids; move the identity past them so later inserts do not collide.
    await tx.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
}

export interface SeedResult {
  seeded: boolean;
  counts?: Record<string, number>;
}

/** Told after each slice of farms is inserted: how many rows so far (a large seed takes minutes). */
export type SeedProgress = (inserted: { farms: number; units: number; records: number }) => void;

/**
 * Loads the demo data into an empty database; a database that has users is left alone. The
 * dataset comes and goes in slices of farms (datasetSlices), all in one transaction, so that a
 * seed of 200,000 farms needs the memory of one slice and an interrupted one leaves no users
 * behind (the next start seeds again).
 */
export async function seedIfEmpty(
  db: Db,
  options: DatasetOptions = {},
  progress?: SeedProgress,
): Promise<SeedResult> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  if ((rows[0]?.n ?? 0) > 0) return { seeded: false };

  const slices = datasetSlices(options);
  // The first slice holds the catalogue and the demo accounts: their hashes are made before the
  // transaction, which then only inserts.
  const head = slices.next();
  if (head.done) throw new Error('The dataset has no first slice');
  const users = await Promise.all(
    head.value.users.map(async ({ description: _description, ...user }: DemoUser) => ({
      ...user,
      password_hash: await hashPassword(DEMO_PASSWORD),
    })),
  );

  const counts = { providers: 0, farms: 0, units: 0, packages: 0, records: 0, calculations: 0 };
  await db.transaction(async (tx) => {
    await insertCatalogue(tx, head.value);
    for (const slice of withFirst(head.value, slices)) {
      await insertFarms(tx, slice);
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
        counts[key] += slice[key].length;
      }
      progress?.(counts);
    }
    await insertUsers(tx, users);
  });
  // After the farms, since it reads them back (server/seed/surveys.ts).
  const surveyResponses = await seedSurveyResponsesIfEmpty(db);
  // Fenland Fresh's loads, QC results and remittance statements, read from the units in place.
  const intake = await seedIntakeIfEmpty(db, options.seed);
  // The planner's statistics of the tables just filled: without them it guesses at every join.
  await db.exec(afterBulkChanges(db));

  return {
    seeded: true,
    counts: {
      ...counts,
      users: users.length,
      surveyResponses,
      intakeLoads: intake.loads,
      remittanceStatements: intake.statements,
    },
  };
}

/** `first`, then the rest of the generator, lazily: a slice is made once the last is inserted. */
function* withFirst<T>(first: T, rest: Generator<T>): Generator<T> {
  yield first;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

/** What the farms refer to: providers, unit types and plans (all in the first slice). */
async function insertCatalogue(tx: Queryable, data: Dataset): Promise<void> {
  await insertRows(
    tx,
    'providers',
    {
      id: 'integer',
      reference: 'text',
      name: 'text',
      kind: 'text',
      contact_us_page_content: 'text',
      help_page_content: 'text',
      login_message: 'text',
    },
    data.providers,
  );
  await insertRows(tx, 'unit_types', { id: 'integer', name: 'text' }, data.unitTypes, false);
  await insertRows(
    tx,
    'packages',
    {
      id: 'integer',
      provider_id: 'integer',
      name: 'text',
      reference: 'text',
      visible_name: 'text',
      features: 'text[]',
    },
    data.packages,
  );
}

/** One slice's businesses, farms, units, their plans, records and calculations. */
async function insertFarms(tx: Queryable, data: Dataset): Promise<void> {
  await insertRows(
    tx,
    'businesses',
    { id: 'integer', name: 'text', type: 'text', sub_type: 'integer', provider_id: 'integer' },
    data.businesses,
  );
  await insertRows(
    tx,
    'farms',
    {
      id: 'integer',
      business_id: 'integer',
      name: 'text',
      contact_first_name: 'text',
      contact_last_name: 'text',
      contact_email: 'text',
      contact_phone: 'text',
      address_line1: 'text',
      address_line2: 'text',
      town: 'text',
      county: 'text',
      postcode: 'text',
    },
    data.farms,
  );
  await insertRows(
    tx,
    'units',
    {
      id: 'integer',
      farm_id: 'integer',
      name: 'text',
      unit_type_id: 'integer',
      holding_number: 'text',
      supports_mifarm: 'boolean',
      supports_bcms_cts: 'boolean',
    },
    data.units,
  );
  await insertRows(
    tx,
    'unit_packages',
    { unit_id: 'integer', package_id: 'integer', joined_on: 'date' },
    data.unitPackages,
  );
  await insertRows(
    tx,
    'records',
    { unit_id: 'integer', record_type: 'text', data: 'jsonb' },
    data.records,
  );
  await insertRows(
    tx,
    'calculations',
    {
      unit_id: 'integer',
      calculator: 'text',
      name: 'text',
      role: 'text',
      method_version: 'text',
      inputs: 'jsonb',
      result: 'jsonb',
      tables: 'jsonb',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    data.calculations,
  );
}

async function insertUsers(tx: Queryable, users: readonly object[]): Promise<void> {
  await insertRows(
    tx,
    'users',
    {
      id: 'integer',
      business_id: 'integer',
      type: 'text',
      first_name: 'text',
      last_name: 'text',
      username: 'text',
      password_hash: 'text',
      access_to: 'jsonb',
    },
    users,
  );
}

/**
 * Articles came after the first databases were seeded, so they are loaded on their own:
 * whenever the table is empty, for whatever providers exist.
 */
export async function seedArticlesIfEmpty(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from articles');
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const providers = await db.query<{ id: number; name: string }>(
    'select id, name from providers order by id',
  );
  const articles = generateArticles(providers.rows);
  await insertRows(
    db,
    'articles',
    {
      provider_id: 'integer',
      kind: 'text',
      title: 'text',
      summary: 'text',
      body_html: 'text',
      author: 'text',
      published_on: 'date',
    },
    articles,
  );
  return articles.length;
}
