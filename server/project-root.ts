/**
 * The checkout's root directory (where package.json, config/, themes/ and dist/ are), whether this
 * code runs from source (server/… under tsx: dev, tests) or from the production bundle
 * (dist-server/*.js, see scripts/lib/build-server.ts). A path written relative to a source file
 * would point elsewhere once that file is bundled, so server code names its files from here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function rootAbove(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${file}.`);
  }
}

export const PROJECT_ROOT = rootAbove(fileURLToPath(import.meta.url));

/** A path inside the checkout, e.g. projectPath('config', 'records'). */
export const projectPath = (...parts: string[]): string => path.join(PROJECT_ROOT, ...parts);

/**
 * True under tsx (this module is a .ts file), false in the bundle. Only a worker thread's entry
 * differs: from source it must register tsx itself (server/db/pglite-worker-boot.js).
 */
export const RUNS_FROM_SOURCE = import.meta.url.endsWith('.ts');
