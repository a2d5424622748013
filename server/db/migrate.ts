import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { projectPath } from '../project-root.ts';
import type { Db } from './types.ts';

const MIGRATIONS_DIR = projectPath('server', 'db', 'migrations');
// Any constant works; it only has to be the same for every server sharing a database.
const MIGRATION_LOCK = 7_240_311;

export interface Migration {
  version: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Applies every migration not yet recorded, each in its own transaction, in file-name order.
 * An advisory lock keeps two servers starting together against one PostgreSQL from racing.
 * Returns the versions applied.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const { rows } = await tx.query<{ version: string }>('select version from schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    for (const m of all) {
      if (done.has(m.version)) continue;
      // Multi-statement SQL cannot be sent with parameters, so each statement goes on its own.
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
      applied.push(m.version);
    }
  });
  // A migration may add tables, columns and indexes: the planner's statistics follow it.
  if (applied.length > 0) await db.exec(afterBulkChanges(db));
  return applied;
}

/**
 * What follows a bulk change (migrations, the seed): ANALYZE, so the planner has statistics. On
 * PGlite also VACUUM, which PostgreSQL's autovacuum does there and nothing does in PGlite: until a
 * table is vacuumed its visibility map is empty and every index-only scan reads the table too (a
 * migration that rewrites a table, as 0019 does, empties it again).
 */
export function afterBulkChanges(db: Pick<Db, 'kind'>): string {
  return db.kind === 'pglite' ? 'vacuum analyze' : 'analyze';
}

/**
 * Splits a migration on semicolons at the end of a line; a function's body therefore stays on one
 * line (0018_auth_notices.sql).
 */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
