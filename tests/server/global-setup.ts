import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/index.ts';
import {
  adminQuery,
  databaseUrl,
  newDatabaseName,
  prepareDatabase,
  type DbTemplate,
} from './db-template.ts';

/**
 * Prepares the server tests' database once per run (initdb, every migration, the seed with its
 * OWASP-cost password hashes took about 6 s of each file's start) and provides it as a template
 * that startTestApp() copies for each test app. Removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  let template: DbTemplate;
  let cleanup: () => Promise<void>;
  if (adminUrl) {
    const name = newDatabaseName('fdp_template');
    await adminQuery(adminUrl, `create database ${name}`);
    cleanup = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    const db = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: undefined });
    try {
      await prepareDatabase(db);
    } catch (error) {
      await db.close();
      await cleanup(); // vitest runs no teardown for a setup that failed
      throw error;
    }
    // CREATE DATABASE … TEMPLATE needs the template without connections, so this pool closes.
    await db.close();
    template = { kind: 'postgres', name };
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'fdp-db-template-'));
    cleanup = () => rm(dir, { recursive: true, force: true });
    const db = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    try {
      await prepareDatabase(db);
      const gzipped = await db.dumpDataDir?.();
      if (!gzipped) throw new Error('PGlite gave no data directory to copy');
      // Kept uncompressed: each test app then loads it without gunzipping 40 MB again.
      const tarball = path.join(dir, 'pgdata.tar');
      await writeFile(tarball, gunzipSync(gzipped));
      template = { kind: 'pglite', tarball };
    } catch (error) {
      await cleanup(); // vitest runs no teardown for a setup that failed
      throw error;
    } finally {
      await db.close();
    }
  }
  project.provide('dbTemplate', template);
  return cleanup;
}
