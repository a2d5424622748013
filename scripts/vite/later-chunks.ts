/**
 * Vite plugin: the chunks the login page's first load leaves out but a visit soon needs, found in
 * the bundle by the source modules they start from, each with the chunks and stylesheets it
 * imports (those of the first load left out).
 *
 * - `signedIn` (the signed-in shell, the signed-in screens' pages): what a signed-in page loads
 *   before its screen's own code. Listed in .vite/signed-in-chunks.json, for the server to
 *   preload with the page of a protected path (server/http/index-page.ts), beside the app.
 * - `screenPages` (src/screens/signed-in-pages.ts): each signed-in screen's own chunks, by the
 *   screen's name, beyond the first load and the signed-in ones. Listed in
 *   .vite/screen-chunks.json, for the server to preload with the page of that screen's routes: a
 *   reload of a signed-in page then fetches its screen's code beside the app, instead of after
 *   the app and then the pages' chunk have run.
 * - `signedIn` and `later` (the home screen a login lands on, the HTML sanitiser, the dialogs,
 *   the toasts, the printed header): hinted in index.html as prefetches, which the browser
 *   fetches once the page has loaded, at the lowest priority, without running them; a login
 *   then finds them ready.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Under .vite/, as Vite's own manifest is: the server reads it, never serves it. */
export const SIGNED_IN_CHUNKS_FILE = '.vite/signed-in-chunks.json';
export const SCREEN_CHUNKS_FILE = '.vite/screen-chunks.json';

interface LaterChunksOptions {
  /** Source files (from the project's root) of what a signed-in page loads first. */
  signedIn: readonly string[];
  /** Source files of what else the first paint does without. */
  later: readonly string[];
  /** The source file naming each signed-in screen's page: `name: () => import('./file')`. */
  screenPages: string;
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

/** Each chunk of the first load: the entries and what they import statically. */
const firstLoadOf = (bundle: OutputBundle): Set<string> =>
  new Set(
    chunksOf(bundle)
      .filter((c) => c.isEntry)
      .flatMap((c) => [...closure(bundle, c.fileName)]),
  );

/**
 * The JavaScript and CSS files the sources need beyond the first load (and beyond `loaded`,
 * bundle file names), as URLs.
 */
function laterFiles(
  bundle: OutputBundle,
  root: string,
  sources: readonly string[],
  loaded: ReadonlySet<string> = new Set(),
): string[] {
  const chunks = chunksOf(bundle);
  const firstLoad = firstLoadOf(bundle);
  const files = new Set<string>();
  for (const source of sources) {
    const id = path.resolve(root, source);
    // The chunk it starts, or else the one the bundler put it in.
    const chunk =
      chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`later-chunks: no chunk holds ${source}`);
    for (const file of closure(bundle, chunk.fileName)) {
      if (firstLoad.has(file) || loaded.has(file)) continue;
      files.add(file);
      const css = (bundle[file] as OutputChunk).viteMetadata?.importedCss ?? new Set<string>();
      for (const sheet of css) files.add(sheet);
    }
  }
  return [...files].map((file) => `/${file}`);
}

/** `name: () => import('./file')` (the name quoted or not), as src/screens/signed-in-pages.ts writes each page. */
const PAGE_ENTRY = /^\s*'?([a-z][a-z0-9-]*)'?: \(\) => import\('(\.[^']+)'\),?$/gm;

/** Each screen of the pages file with its own files beyond the first load and the signed-in ones. */
function screenFiles(
  bundle: OutputBundle,
  root: string,
  pagesFile: string,
  signedIn: readonly string[],
): Record<string, string[]> {
  const file = path.resolve(root, pagesFile);
  const text = readFileSync(file, 'utf8');
  const entries = [...text.matchAll(PAGE_ENTRY)];
  // A page written another way would go unlisted, its screen's code then never preloaded.
  if (entries.length === 0 || entries.length !== text.split('import(').length - 1)
    throw new Error(
      `later-chunks: ${pagesFile} must name each page on one line, as name: () => import('./file'),`,
    );
  const loaded = new Set(signedIn.map((url) => url.slice(1)));
  return Object.fromEntries(
    entries.map(([, name = '', source = '']) => [
      name,
      laterFiles(
        bundle,
        root,
        [path.relative(root, path.resolve(path.dirname(file), source))],
        loaded,
      ),
    ]),
  );
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
      const signedIn = laterFiles(bundle, root, options.signedIn);
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_CHUNKS_FILE,
        source: JSON.stringify(signedIn, null, 2),
      });
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_CHUNKS_FILE,
        source: JSON.stringify(screenFiles(bundle, root, options.screenPages, signedIn), null, 2),
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
