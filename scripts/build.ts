/**
 * `npm run build`: the portal into dist/ and the server into dist-server/ (scripts/lib/build.ts).
 * With `--if-stale` (npm start) only what is missing or older than its sources is rebuilt.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale, buildPortal } from './lib/build.ts';
import { buildServer } from './lib/build-server.ts';

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });

try {
  if (values['if-stale']) {
    buildIfStale();
  } else {
    buildPortal();
    buildServer(path.resolve(import.meta.dirname, '..'));
    console.log('Built the server into dist-server/.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
