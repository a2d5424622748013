/**
 * `npm run bench:lighthouse`: Lighthouse's performance score on a phone (its mobile preset: a
 * Moto G Power on a throttled 4G link, 4× CPU slowdown) for /login signed out and /dashboard as
 * the demo farmer, each page `--runs` times (3), against the production build with a throwaway
 * DATA_DIR, in Debian's Chromium. Prints each run and the median of the score, FCP, LCP, TBT and
 * CLS per page; fails when a page's median score is under `--target` (95). Writes
 * test-results/bench-lighthouse.json. Not part of `npm test`: scores move with the machine's
 * load, so measure on a quiet one.
 *
 *   npm run bench:lighthouse [-- --runs=5 --target=95]
 *
 * Every run is a cold load: /login's because Lighthouse clears the origin's storage and the HTTP
 * cache; /dashboard's keeps only the session (sessionStorage), the HTTP cache, the service worker
 * and its caches cleared first, as a farmer opening the portal in a tab of a phone that has not
 * fetched it yet.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import {
  BENCH_ACCOUNT,
  exitWith,
  logIn,
  MOBILE,
  withServerAndTab,
} from './lib/lighthouse-browser.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, target: { type: 'string', default: '95' } },
});
const RUNS = Math.max(1, Number(values.runs));
const TARGET = Number(values.target);

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

const PAGES: readonly Target[] = [
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Dashboard', path: '/dashboard', signedIn: true },
];

/** One run's figures: the score (0–100) and the metrics Lighthouse weighs, in ms (CLS unitless). */
interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const METRICS: Record<Exclude<keyof Run, 'score'>, string> = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

function runOf(lhr: Result): Run {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(metric(METRICS.fcpMs)),
    lcpMs: Math.round(metric(METRICS.lcpMs)),
    tbtMs: Math.round(metric(METRICS.tbtMs)),
    cls: Number(metric(METRICS.cls).toFixed(3)),
    speedIndexMs: Math.round(metric(METRICS.speedIndexMs)),
  };
}

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function medianRun(runs: readonly Run[]): Run {
  const of = (key: keyof Run) => median(runs.map((r) => r[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    speedIndexMs: of('speedIndexMs'),
  };
}

const line = (label: string, r: Run) =>
  `${label.padEnd(22)} score ${String(r.score).padStart(3)}   FCP ${String(r.fcpMs).padStart(5)} ms` +
  `   LCP ${String(r.lcpMs).padStart(5)} ms   TBT ${String(r.tbtMs).padStart(4)} ms` +
  `   CLS ${r.cls.toFixed(3)}   SI ${String(r.speedIndexMs).padStart(5)} ms`;

async function main(): Promise<number> {
  const began = performance.now();
  const pages: { name: string; path: string; runs: Run[]; median: Run }[] = [];
  await withServerAndTab('lighthouse', async (server, page) => {
    console.log(
      `bench:lighthouse: performance, mobile, ${String(RUNS)} runs a page, at ${server.baseUrl}\n`,
    );
    let signedIn = false;
    for (const target of PAGES) {
      if (target.signedIn && !signedIn) {
        await logIn(page, server.baseUrl);
        signedIn = true;
      }
      const flags: Flags = {
        ...MOBILE,
        onlyCategories: ['performance'],
        disableStorageReset: target.signedIn,
      };
      const runs: Run[] = [];
      for (let i = 1; i <= RUNS; i++) {
        if (target.signedIn) {
          const cdp = await page.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', {
            origin: server.baseUrl,
            storageTypes: 'service_workers,cache_storage',
          });
          await cdp.detach();
        }
        const result = await lighthouse(`${server.baseUrl}${target.path}`, flags, undefined, page);
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${target.path}.`);
        if (lhr.runtimeError) {
          throw new Error(`Lighthouse failed on ${target.path}: ${lhr.runtimeError.message}`);
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== target.path) {
          throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}.`);
        }
        const run = runOf(lhr);
        runs.push(run);
        console.log(line(`${target.path} run ${String(i)}`, run));
      }
      const middle = medianRun(runs);
      console.log(`${line(`${target.path} median`, middle)}\n`);
      pages.push({ name: target.name, path: target.path, runs, median: middle });
    }
  });
  const seconds = (performance.now() - began) / 1000;
  const under = pages.filter((p) => p.median.score < TARGET);
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'test-results/bench-lighthouse.json'),
    `${JSON.stringify(
      {
        tool: 'lighthouse',
        category: 'performance',
        formFactor: 'mobile',
        account: BENCH_ACCOUNT,
        runs: RUNS,
        target: TARGET,
        seconds: Number(seconds.toFixed(1)),
        passed: under.length === 0,
        pages,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `bench:lighthouse: ${seconds.toFixed(1)} s; written to test-results/bench-lighthouse.json`,
  );
  if (under.length > 0) {
    console.error(
      `bench:lighthouse: median under ${String(TARGET)}: ${under
        .map((p) => `${p.path} (${String(p.median.score)})`)
        .join(', ')}`,
    );
    return 1;
  }
  return 0;
}

await exitWith(main);
