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
 * - `signedInGroups()`: chunk groups (Rolldown's codeSplitting) that put into one chunk, and one
 *   stylesheet, what a signed-in page loads before its screen's own code, with the modules of the
 *   home screen (`home`) that other screens import too (reading the API, the tables, numbers and
 *   dates, the failed-load notice). Left alone, the bundler splits them by who shares what into
 *   some thirty files of one or two kilobytes, and a phone on a slow link waits a round trip for
 *   every few of them before the page a login lands on can draw (Lighthouse's simulated mobile
 *   load of /dashboard: 88 with the thirty, 94 with ten, 95 to 97 with four). What only the home
 *   screen uses stays its own. What the pages a signed-out visitor may open (`publicPages`) load
 *   too goes into a second chunk, "screen-kit", so that they never load the signed-in shell;
 *   what the login page loads is left out of both, so that its first load stays as small.
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
  /** The screen a login lands on (config/app.json paths.home). */
  home: string;
  /**
   * The source file naming the pages a visitor who is not signed in may open: each a lazy import
   * of its, beside that of the signed-in pages (src/screens/index.ts).
   */
  publicPages: string;
  /** The login page, among them: its first load is left as the bundler splits it. */
  login: string;
  /** Source files of what else the first paint does without. */
  later: readonly string[];
  /** The source file naming each signed-in screen's page: `name: () => import('./file')`. */
  screenPages: string;
}

const chunksOf = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** Each node reachable from the starts through `next`, the starts included. */
function reachable(
  starts: Iterable<string>,
  next: (node: string) => Iterable<string>,
): Set<string> {
  const seen = new Set<string>();
  const visit = (node: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const following of next(node)) visit(following);
  };
  for (const start of starts) visit(start);
  return seen;
}

/** Each chunk statically imported from `start`, `start` included, as bundle file names. */
const closure = (bundle: OutputBundle, start: string): Set<string> =>
  reachable([start], (file) => {
    const output = bundle[file];
    return output?.type === 'chunk' ? output.imports : [];
  });

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

/** What the plugin context says of a module: its static and dynamic imports, whether an entry. */
export type ModuleInfoOf = (id: string) => {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  isEntry: boolean;
} | null;

/** Each module the starts import statically, the starts included. */
const moduleClosure = (infoOf: ModuleInfoOf, starts: Iterable<string>): Set<string> =>
  reachable(starts, (id) => infoOf(id)?.importedIds ?? []);

/**
 * The modules of the two groups (see signedInGroups in the file's comment): what a signed-in page
 * loads before its screen, and of that what the public pages load too (their own group, so that
 * they load it and not the rest), the login page's own needs left to the bundler.
 */
export function signedInModules(
  infoOf: ModuleInfoOf,
  ids: readonly string[],
  options: { signedIn: readonly string[]; home: string; publicPages: string; login: string },
): { signedIn: Set<string>; shared: Set<string> } {
  const initial = moduleClosure(
    infoOf,
    ids.filter((id) => infoOf(id)?.isEntry === true),
  );
  const shell = moduleClosure(infoOf, options.signedIn);
  const home = new Set(
    [...moduleClosure(infoOf, [options.home])].filter((id) => !initial.has(id) && !shell.has(id)),
  );
  // The home screen's modules that another lazily loaded part imports too.
  const lazyStarts = new Set(ids.flatMap((id) => infoOf(id)?.dynamicallyImportedIds ?? []));
  const otherParts = moduleClosure(
    infoOf,
    [...lazyStarts].filter((id) => id !== options.home && !options.signedIn.includes(id)),
  );
  const homeShared = [...home].filter((id) => otherParts.has(id));
  const publicPages = (infoOf(options.publicPages)?.dynamicallyImportedIds ?? []).filter(
    (id) => !options.signedIn.includes(id),
  );
  if (!publicPages.includes(options.login))
    throw new Error(`later-chunks: ${options.publicPages} does not name ${options.login}`);
  const publicNeeds = moduleClosure(infoOf, publicPages);
  const loginNeeds = moduleClosure(infoOf, [options.login]);
  const signedIn = new Set<string>();
  const shared = new Set<string>();
  for (const id of [...shell, ...homeShared]) {
    if (initial.has(id) || loginNeeds.has(id)) continue;
    (publicNeeds.has(id) ? shared : signedIn).add(id);
  }
  return { signedIn, shared };
}

/** A chunk group of Rolldown's output.codeSplitting.groups. */
interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
}

export function laterChunks(options: LaterChunksOptions): Plugin & {
  /** The chunk groups for Rolldown's output.codeSplitting.groups (see the file's comment). */
  signedInGroups(): ChunkGroup[];
} {
  let root = process.cwd();
  let grouped = { signedIn: new Set<string>(), shared: new Set<string>() };
  return {
    name: 'fdp-later-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const infoOf: ModuleInfoOf = (id) => this.getModuleInfo(id);
      const at = (source: string) => path.resolve(root, source);
      grouped = signedInModules(infoOf, ids, {
        signedIn: options.signedIn.map(at),
        home: at(options.home),
        publicPages: at(options.publicPages),
        login: at(options.login),
      });
      if (grouped.signedIn.size === 0) this.error('later-chunks: the signed-in group is empty');
    },
    signedInGroups: () => [
      { name: 'signed-in', test: (id) => grouped.signedIn.has(id) },
      { name: 'screen-kit', test: (id) => grouped.shared.has(id) },
    ],
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
