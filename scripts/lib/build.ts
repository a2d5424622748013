import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST_DIR = path.join(ROOT, 'dist');

/** Everything the production build is made from; a newer file here means the build is stale. */
const INPUTS = [
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

export function buildIsStale(): boolean {
  const built = path.join(DIST_DIR, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > builtAt);
}

/** Runs `vite build` when dist/ is missing or older than its sources. Returns whether it built. */
export function buildIfStale(): boolean {
  if (!buildIsStale()) return false;
  console.log('Building the portal (dist/ is missing or older than its sources)…');
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The portal build failed; see the output above.');
  return true;
}
