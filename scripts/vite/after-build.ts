import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A Vite plugin that runs `step` on the build's output directory once every file of the build
 * is written, after every other plugin's closeBundle (the service worker's included); plugins
 * listed later in the config run later.
 */
export function afterBuild(name: string, step: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        step(outDir);
      },
    },
  };
}
