/**
 * The production server as plain JavaScript: esbuild bundles server/ and shared/ (with the config
 * JSON they import) into dist-server/, so `npm start` runs `node dist-server/main.js` without tsx.
 * Under tsx every start loaded a loader thread of its own (about 80-100 MiB of the server's
 * resident memory) and transpiled or cache-checked each of some 400 files; see README, "Memory
 * and start".
 *
 * Packages stay in node_modules (packages: 'external'): PGlite finds its WebAssembly and data
 * files beside its own modules, and nothing of theirs needs transpiling. Code splitting keeps
 * main.ts's dynamic import of the app lazy, so the database's thread starts opening before the
 * app's code is loaded, as it does from source. Chunks sit beside the entries (no subfolder):
 * pglite-thread.ts names its worker's file relative to itself.
 */
import { buildSync } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';

export const SERVER_DIST = 'dist-server';

/** The bundle's entries: the server, and the database's worker thread (server/db/pglite-thread.ts). */
const ENTRIES = { main: 'server/main.ts', 'pglite-worker': 'server/db/pglite-worker.ts' };

/** What the server bundle is made from; a newer file here means it is stale. */
export const SERVER_INPUTS = [
  'server',
  'shared',
  'config',
  'package-lock.json',
  'scripts/lib/build-server.ts',
];

/** Builds `root`'s server into root/dist-server, replacing the previous bundle whole. */
export function buildServer(root: string): void {
  const target = path.join(root, SERVER_DIST);
  // Built aside and swapped in, so no mix of old and new chunks is ever on disk.
  const aside = `${target}.building-${String(process.pid)}`;
  rmSync(aside, { recursive: true, force: true });
  buildSync({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: aside,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: '[name]-[hash]',
    // Readable stack traces in the logs: names and lines as written, nothing minified.
    minify: false,
    logLevel: 'warning',
  });
  rmSync(target, { recursive: true, force: true });
  renameSync(aside, target);
}
