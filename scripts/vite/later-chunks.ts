/**
 * Vite plugin: the chunks the login page's first load leaves out but a visit soon needs, found in
 * the bundle by the source modules they start from, each with the chunks and stylesheets it
 * imports (those of the first load left out).
 *
 * - `signedIn` (the signed-in shell, the signed-in screens' pages): what a signed-in page loads
 *   before its screen's own code. Listed in .vite/signed-in-chunks.json, for the server to
 *   preload with the page of a protected path (server/http/index-page.ts), beside the app.
 * - `signedIn` and `later` (the home screen a login lands on, the HTML sanitiser, the dialogs,
 *   the toasts, the printed header): hinted in index.html as prefetches, which the browser
 *   fetches once the page has loaded, at the lowest priority, without running them; a login
 *   then finds them ready.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Under .vite/, as Vite's own manifest is: the server reads it, never serves it. */
export const SIGNED_IN_CHUNKS_FILE = '.vite/signed-in-chunks.json';

interface LaterChunksOptions {
  /** Source files (from the project's root) of what a signed-in page loads first. */
  signedIn: readonly string[];
  /** Source files of what else the first paint does without. */
  later: readonly string[];
}

const chunksOf = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** Each chunk statically imported from `start`, `start` included, as bundle file names. */
function closure(bundle: OutputBundle, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') for (const next of output.imports) visit(next);
  };
  visit(start);
  return seen;
}

/** The JavaScript and CSS files the sources need beyond the first load, as URLs. */
function laterFiles(bundle: OutputBundle, root: string, sources: readonly string[]): string[] {
  const chunks = chunksOf(bundle);
  const firstLoad = new Set(
    chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(bundle, c.fileName)]),
  );
  const files = new Set<string>();
  for (const source of sources) {
    const id = path.resolve(root, source);
    // The chunk it starts, or else the one the bundler put it in.
    const chunk =
      chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`later-chunks: no chunk holds ${source}`);
    for (const file of closure(bundle, chunk.fileName)) {
      if (firstLoad.has(file)) continue;
      files.add(file);
      const css = (bundle[file] as OutputChunk).viteMetadata?.importedCss ?? new Set<string>();
      for (const sheet of css) files.add(sheet);
    }
  }
  return [...files].map((file) => `/${file}`);
}

export function laterChunks(options: LaterChunksOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'fdp-later-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_CHUNKS_FILE,
        source: JSON.stringify(laterFiles(bundle, root, options.signedIn), null, 2),
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const sources = [...options.signedIn, ...options.later];
        return laterFiles(ctx.bundle, root, sources).map((href) => ({
          tag: 'link',
          attrs: {
            rel: 'prefetch',
            href,
            // As the module or stylesheet will be requested, so that the fetch is the one reused.
            crossorigin: true,
            ...(href.endsWith('.css') ? { as: 'style' } : {}),
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
