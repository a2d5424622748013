/**
 * A temporary copy of the repository changed by config alone (never the repository itself), for
 * the config-only e2e proof (scripts/e2e-config-only.ts) and the large-form bench
 * (scripts/bench-form.ts): copy, add a record type with its route (and optionally a menu link),
 * then validate and build the copy with its own scripts.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Not copied: installed packages (linked instead), build output, local data and test output. */
const SKIPPED_AT_TOP = new Set([
  'dist',
  'dist-server',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);
const SKIPPED_ANYWHERE = new Set(['node_modules', '.git']);

/** What a record type file holds, as far as adding it goes (config/records/<name>.json). */
export interface RecordTypeJson {
  name: string;
  title: string;
  [key: string]: unknown;
}

interface Route {
  path: string;
  [key: string]: unknown;
}
interface MenuItem {
  label: string;
  items?: MenuItem[];
  [key: string]: unknown;
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** A copy of the repository to change freely, sharing the installed node_modules. */
export function copyRepository(prefix: string): string {
  const copy = realpathSync(mkdtempSync(path.join(tmpdir(), `${prefix}-`)));
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(ROOT, source);
      if (relative === '') return true;
      const name = path.basename(source);
      if (SKIPPED_ANYWHERE.has(name) || name.endsWith('.db')) return false;
      return !(relative === name && SKIPPED_AT_TOP.has(name));
    },
  });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

/** Removes a copy; rmSync removes its node_modules symlink itself, never what it points to. */
export function removeCopy(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}

/** The path of a record type's records screen, as config/routes.json names them. */
export const recordsPath = (name: string) => `/unit/records/${name}`;

/**
 * The only edits: config/records/<name>.json, its route before the catch-all (the records
 * screen, behind the type's rule) and, when `menuLabel` is given, its Data Entry menu link.
 */
export function addRecordType(copy: string, type: RecordTypeJson, menuLabel?: string): void {
  const config = path.join(copy, 'config');
  writeJson(path.join(config, 'records', `${type.name}.json`), {
    ...type,
    $schema: '../../schemas/record-type.schema.json',
  });

  const routesFile = path.join(config, 'routes.json');
  const routes = readJson<{ routes: Route[] }>(routesFile);
  const catchAll = routes.routes.findIndex((r) => r.path === '*');
  if (catchAll === -1) throw new Error('config/routes.json has no "*" route.');
  routes.routes.splice(catchAll, 0, {
    path: recordsPath(type.name),
    screen: 'records',
    access: 'protected',
    title: type.title,
    options: { recordType: type.name },
    condition: { rule: `record:${type.name}` },
  });
  writeJson(routesFile, routes);

  if (menuLabel === undefined) return;
  const menusFile = path.join(config, 'menus.json');
  const menus = readJson<{ main: MenuItem[] }>(menusFile);
  const dataEntry = menus.main.find((item) => item.label === 'Data Entry' && item.items);
  if (!dataEntry?.items) throw new Error('config/menus.json has no "Data Entry" dropdown.');
  // The link inherits the route's title and condition (the record type's rule).
  dataEntry.items.push({ label: menuLabel, route: recordsPath(type.name) });
  writeJson(menusFile, menus);
}

/** Runs node with the given arguments in the copy, saying so after `prefix`; throws unless it exits 0. */
export function runNode(copy: string, prefix: string, what: string, args: string[]): void {
  console.log(`${prefix}: ${what}…`);
  const result = spawnSync(process.execPath, args, { cwd: copy, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${String(result.status ?? result.signal)}).`);
  }
}

/** `npm run validate:config` in the copy: its config/, its schemas and its code. */
export function validateCopy(copy: string, prefix: string): void {
  runNode(copy, prefix, 'validating the config', [
    '--import',
    'tsx',
    path.join(copy, 'scripts/validate-config.ts'),
  ]);
}

/** As scripts/lib/build.ts builds, but in the copy: its vite.config.ts and config/, into its dist/. */
export function buildCopy(copy: string, prefix: string): string {
  runNode(copy, prefix, 'building the portal', [
    path.join(copy, 'node_modules/vite/bin/vite.js'),
    'build',
  ]);
  return path.join(copy, 'dist');
}
