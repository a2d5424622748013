/**
 * The production build: the portal (Vite, into dist/) and the server (esbuild, into
 * dist-server/, see build-server.ts), each rebuilt only when one of its inputs is newer than it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_DIST, SERVER_INPUTS } from './build-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST_DIR = path.join(ROOT, 'dist');

/** Everything the portal's build is made from. */
const PORTAL_INPUTS = [
  'src',
  'public',
  'shared',
  'config',
  'themes',
  'index.html',
  'vite.config.ts',
  'scripts/vite',
  'tsconfig.app.json',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `output` (a file the build writes last or whole) is missing or older than an input. */
function isStale(root: string, output: string, inputs: readonly string[]): boolean {
  const built = path.join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export const buildIsStale = (root = ROOT): boolean =>
  isStale(root, 'dist/index.html', PORTAL_INPUTS);

export const serverBuildIsStale = (root = ROOT): boolean =>
  isStale(root, path.join(SERVER_DIST, 'main.js'), SERVER_INPUTS);

/** `vite build` in `root`. */
export function buildPortal(root = ROOT): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The portal build failed; see the output above.');
}

/** Builds the server bundle when dist-server/ is missing or older than its sources. */
export function buildServerIfStale(root = ROOT): boolean {
  if (!serverBuildIsStale(root)) return false;
  console.log('Building the server (dist-server/ is missing or older than its sources)…');
  buildServer(root);
  return true;
}

/** Builds the portal and the server where missing or older than their sources; whether it built. */
export function buildIfStale(): boolean {
  const portal = buildIsStale();
  if (portal) {
    console.log('Building the portal (dist/ is missing or older than its sources)…');
    buildPortal();
  }
  return buildServerIfStale() || portal;
}
