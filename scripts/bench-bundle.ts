/**
 * `npm run bench:bundle`: the production build's size budgets. Builds when stale, then measures
 * what a first visit downloads (the entry script, its module preloads and stylesheets, from
 * dist/index.html), what showing /login downloads (that, with the login screen's chunk and the
 * chunks it imports: the JavaScript a signed-out visitor waits for; the host's theme has a budget
 * of its own) and every lazily loaded chunk, gzip-compressed as served. Fails when a budget
 * is exceeded, when a library meant to load on demand has reached /login's load, or when a
 * source map is served or linked. Writes
 * test-results/bench-bundle.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, DIST_DIR } from './lib/build.ts';
import { SIGNED_IN_CHUNKS_FILE } from './vite/later-chunks.ts';

const KB = 1024;

/**
 * Budgets in gzip bytes, a little above what the build holds, so that growth fails; raise one
 * only with a measured reason in the commit.
 */
const BUDGETS = {
  /**
   * Issue 22 added what every page needs offline before any other code can load: the
   * connectivity store and its banner (1.2 KB), and the glue that drops the device key at logout
   * (0.3 KB): 98.6 → 100.1 KB.
   */
  firstLoadJs: 101 * KB,
  firstLoadCss: 4 * KB,
  /**
   * The first load with the login screen's own chunks: what /login runs to show its form. Issue
   * 21 asks for at most 110 KB; React, React DOM and React Router (declarative mode) are 78.6 KB
   * of it (README, "What the first load holds").
   */
  loginJs: 102 * KB,
  /** The largest chunk a screen loads on demand (the charts: Chart.js). */
  lazyChunk: 60 * KB,
  /**
   * What a signed-in page loads beyond the first load, before its screen's own code: the active
   * account (on immer), the menus with the rules and flags they test, the pickers, and the
   * signed-in screens' pages. Issue 22 added the read cache's keeper and the page's "as of" note
   * (1.2 KB) and the outbox (its store, its count in the banner, the session that opens it: 1.5
   * KB), which every signed-in page needs to say what waits and send it: 17.5 → 20.2 KB. In one
   * chunk (scripts/vite/later-chunks.ts) instead of some twenty, it compresses to 19.5 KB.
   */
  signedInShell: 20 * KB,
  /**
   * What opening a record screen with its form loads beyond the first load and the signed-in
   * shell: the screen, RJSF, the widgets, swr and the shared list and form code (issue 21: no
   * Markdown parser in the form). Issue 22 added the draft hook and its notice (1.4 KB, measured
   * 76.6 → 78.7 KB); the drafts store, idb and the vault load beside the form, not before it, and
   * a CSV download's code comes with its first click (79.9 KB with the offline note and outbox);
   * 78.0 KB once the code the screens share with the home screen came in one chunk (the screen
   * kit, scripts/vite/later-chunks.ts).
   */
  recordFormRoute: 79 * KB,
  /** One theme: its CSS, its logo and its font URLs. */
  themeChunk: 3 * KB,
};

/** Libraries that must stay out of /login's load, each recognised by text only it carries. */
const LAZY_ONLY: readonly { library: string; marker: RegExp }[] = [
  { library: '@rjsf/core', marker: /rjsf/ },
  { library: 'ajv (compiled validators)', marker: /must NOT have (?:more|fewer) than/ },
  // The key Chart.js keeps its state under on a canvas.
  { library: 'chart.js', marker: /\$chartjs/ },
  // Issue 21: the sanitiser loads with the first HTML to show, swr with the first screen that
  // reads through it, immer with the signed-in shell's account store.
  { library: 'dompurify', marker: /ALLOWED_TAGS/ },
  // The prefix of swr's infinite-loading keys.
  { library: 'swr', marker: /\$inf\$/ },
  { library: 'immer', marker: /immer-state/ },
];

const assets = path.join(DIST_DIR, 'assets');
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

buildIfStale();
const html = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
// The entry script, its module preloads and the stylesheets; not the prefetches, which the browser
// fetches once the page has loaded (scripts/vite/later-chunks.ts).
const firstLoad = [
  ...html.matchAll(
    /<(?:script[^>]* src|link rel="(?:modulepreload|stylesheet)"[^>]* href)="\/assets\/([^"]+\.(?:js|css))"/g,
  ),
].map((m) => m[1] ?? '');
const prefetched = [...html.matchAll(/<link rel="prefetch"[^>]* href="\/assets\/([^"]+)"/g)].map(
  (m) => m[1] ?? '',
);
const allFiles = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const size = new Map(allFiles.map((f) => [f, gzipSize(path.join(assets, f))]));
const sum = (files: string[]) => files.reduce((total, f) => total + (size.get(f) ?? 0), 0);

const firstJs = firstLoad.filter((f) => f.endsWith('.js'));
const firstCss = firstLoad.filter((f) => f.endsWith('.css'));
const lazy = allFiles.filter((f) => f.endsWith('.js') && !firstLoad.includes(f));
const themes = lazy.filter((f) => f.startsWith('theme-'));
const screens = lazy.filter((f) => !f.startsWith('theme-'));
const largest = (files: string[]) =>
  files.reduce((a, b) => ((size.get(b) ?? 0) > (size.get(a) ?? 0) ? b : a), files[0] ?? '');

const problems: string[] = [];
const check = (what: string, bytes: number, budget: number) => {
  const line = `${what.padEnd(56)} ${kb(bytes).padStart(10)}   budget ${kb(budget)}`;
  console.log(bytes > budget ? `${line}   OVER` : line);
  if (bytes > budget) problems.push(`${what} is ${kb(bytes)}, over its ${kb(budget)} budget`);
};

console.log(
  `First load: ${String(firstJs.length)} scripts, ${String(firstCss.length)} stylesheets`,
);
check('first-load JavaScript (gzip)', sum(firstJs), BUDGETS.firstLoadJs);
check('first-load CSS (gzip)', sum(firstCss), BUDGETS.firstLoadCss);
const biggestLazy = largest(screens);
check(`largest lazy chunk (${biggestLazy})`, size.get(biggestLazy) ?? 0, BUDGETS.lazyChunk);

/** A screen's chunk and every chunk it imports statically, from Vite's manifest (build.manifest). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(
  readFileSync(path.join(DIST_DIR, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;
function routeFiles(screenSource: string): string[] {
  const start = Object.keys(manifest).find((key) => manifest[key]?.src === screenSource);
  if (start === undefined) {
    problems.push(`the build's manifest has no chunk for ${screenSource}`);
    return [];
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(start);
  return [...seen]
    .map((key) => manifest[key]?.file.replace(/^assets\//, '') ?? '')
    .filter((file) => file !== '' && !firstLoad.includes(file));
}
const loginRoute = routeFiles('src/screens/login/LoginScreen.tsx');
const loginJs = [...firstJs, ...loginRoute.filter((f) => f.endsWith('.js'))];
check('/login first-load JavaScript (gzip)', sum(loginJs), BUDGETS.loginJs);
// What a signed-in page loads beyond the first load before its screen's own code: the signed-in
// shell and the signed-in screens' pages, as the build lists them for the server to preload
// (scripts/vite/later-chunks.ts).
const shellFiles = (
  JSON.parse(readFileSync(path.join(DIST_DIR, SIGNED_IN_CHUNKS_FILE), 'utf8')) as string[]
).map((url) => url.replace(/^\/assets\//, ''));
if (shellFiles.length === 0) problems.push(`${SIGNED_IN_CHUNKS_FILE} lists no file`);
check('signed-in shell beyond the first load (gzip)', sum(shellFiles), BUDGETS.signedInShell);
// Fetched by the browser once /login has loaded, so that a login finds the shell ready.
const notPrefetched = shellFiles.filter((file) => !prefetched.includes(file));
console.log(
  `${'prefetched once a page has loaded'.padEnd(56)} ${kb(sum(prefetched)).padStart(10)}   ${String(prefetched.length)} files`,
);
if (notPrefetched.length > 0)
  problems.push(`index.html does not prefetch the signed-in shell's ${notPrefetched.join(', ')}`);
// A record screen opens signed in only, so with the signed-in shell already loaded; it loads the
// file of the record type it shows (the largest counted).
const recordTypeNames = new Set(
  readdirSync('config/records')
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length)),
);
const recordsScreen = Object.values(manifest).find(
  (chunk) => chunk.src === 'src/screens/records/RecordsScreen.tsx',
);
const recordTypeFiles = (recordsScreen?.dynamicImports ?? [])
  .map((key) => manifest[key])
  .filter((chunk) => recordTypeNames.has(chunk?.name ?? ''))
  .map((chunk) => chunk?.file.replace(/^assets\//, '') ?? '');
const recordRoute = [
  ...routeFiles('src/screens/records/RecordsScreen.tsx'),
  largest(recordTypeFiles),
].filter((file) => file !== '' && !shellFiles.includes(file));
if (recordTypeFiles.length === 0) problems.push('no record type has a chunk of its own');
check(
  'record form route beyond first load and shell (gzip)',
  sum(recordRoute),
  BUDGETS.recordFormRoute,
);
const biggestTheme = largest(themes);
check(`largest theme (${biggestTheme})`, size.get(biggestTheme) ?? 0, BUDGETS.themeChunk);

for (const { library, marker } of LAZY_ONLY) {
  const read = (f: string) => readFileSync(path.join(assets, f), 'utf8');
  const carriers = allFiles.filter((f) => f.endsWith('.js') && marker.test(read(f)));
  // A marker found nowhere proves nothing: the check would pass whatever the build holds.
  if (carriers.length === 0)
    problems.push(`no chunk carries ${library}'s marker ${String(marker)}`);
  const early = carriers.filter((f) => loginJs.includes(f));
  console.log(
    `${library.padEnd(56)} ${early.length === 0 ? 'on demand only' : `IN /login's LOAD: ${early.join(', ')}`}`,
  );
  if (early.length > 0) problems.push(`${library} is in /login's load (${early.join(', ')})`);
}

// Source maps carry the whole source: the build keeps them outside dist/ and links none.
const served = readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' });
const maps = served.filter((f) => f.endsWith('.map'));
const linked = served.filter(
  (f) =>
    /\.(js|css)$/.test(f) && /sourceMappingURL=/.test(readFileSync(path.join(DIST_DIR, f), 'utf8')),
);
console.log(
  `${'source maps in dist/'.padEnd(56)} ${maps.length + linked.length === 0 ? 'none' : `${String(maps.length)} files, ${String(linked.length)} links`}`,
);
if (maps.length > 0) problems.push(`dist/ holds source maps: ${maps.slice(0, 5).join(', ')}`);
if (linked.length > 0) problems.push(`files link a source map: ${linked.slice(0, 5).join(', ')}`);

const report = {
  budgets: BUDGETS,
  firstLoad: { js: sum(firstJs), css: sum(firstCss), files: firstLoad },
  login: { js: sum(loginJs), files: loginJs },
  largestLazyChunk: { file: biggestLazy, bytes: size.get(biggestLazy) ?? 0 },
  signedInShell: { bytes: sum(shellFiles), files: shellFiles },
  prefetched: { bytes: sum(prefetched), files: prefetched },
  recordFormRoute: { bytes: sum(recordRoute), files: recordRoute },
  largestTheme: { file: biggestTheme, bytes: size.get(biggestTheme) ?? 0 },
  themes: themes.length,
  problems,
};
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/bench-bundle.json', `${JSON.stringify(report, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`\nBundle budgets failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nBundle budgets hold.');
