/**
 * Vite plugin: the build's source maps hold the portal's whole source, so they must not be
 * served. Built with `sourcemap: 'hidden'` (no sourceMappingURL comment in the code), they are
 * moved here from the output directory once it is written, one file per chunk under the same
 * relative name, for decoding a stack trace from an error report (`npx source-map-cli` or any
 * tool that reads a .map), never for the browser.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';

function mapsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.map'),
  );
}

export function sourceMapsOutside(targetDir: string): Plugin {
  // After every other plugin's closeBundle, so the service worker's own map is moved too.
  return afterBuild('fdp-source-maps-outside', (outDir) => {
    rmSync(targetDir, { recursive: true, force: true });
    for (const file of mapsUnder(outDir)) {
      const destination = path.join(targetDir, file);
      mkdirSync(path.dirname(destination), { recursive: true });
      renameSync(path.join(outDir, file), destination);
    }
  });
}
