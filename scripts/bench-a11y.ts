/**
 * `npm run bench:a11y`: Lighthouse's accessibility score, mobile, on the pages issue 15 names:
 * /login, /dashboard, a record list and a report, the signed-in ones as the demo farmer. Builds
 * when stale, starts the production server with a throwaway DATA_DIR, runs Lighthouse in
 * Debian's Chromium (or CHROMIUM_PATH) and stops both either way. Prints each page's score and
 * every failing audit with its elements; fails when a page scores under 100. Writes
 * test-results/a11y.json. Not part of `npm test`: there `e2e/accessibility.spec.ts` runs axe-core,
 * the engine of Lighthouse's accessibility audits, with Lighthouse's rules on its phone's screen
 * on these pages, and WCAG 2.1 AA on many more.
 *
 *   npm run bench:a11y [-- /more/paths …]   (further pages, audited as the farmer too)
 *
 * The session token lives in sessionStorage, one tab's, so the farmer logs in through the login
 * form in the tab Lighthouse then audits (its Puppeteer-page API), with disableStorageReset:
 * Lighthouse's navigations happen in that same tab and keep the session.
 *
 * Lighthouse 12 is the newest major that runs on the Node this project supports (20.19; 13
 * needs 22.19).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import appConfig from '../config/app.json' with { type: 'json' };
import { DEMO_PASSWORD } from '../server/seed/dataset.ts';
import type { ApiFarm, ApiPaged, ApiRecord, ApiSuccess, AuthResponse } from '../shared/api.ts';
import { ServerClock } from '../shared/server-clock.ts';
import { signedFetch } from '../shared/signed-fetch.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader, type SigningToken } from '../shared/signing.ts';
import {
  BENCH_ACCOUNT,
  exitWith,
  logIn,
  MOBILE,
  withServerAndTab,
} from './lib/lighthouse-browser.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCOUNT = BENCH_ACCOUNT;
/** Each page's whole Lighthouse report, to open in the Lighthouse Viewer. */
const REPORTS_DIR = path.join(ROOT, 'test-results/a11y-reports');

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

const PAGES: readonly Target[] = [
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Dashboard', path: '/dashboard', signedIn: true },
  { name: 'Record list (monthly records)', path: '/unit/records/monthly', signedIn: true },
  { name: 'Report (monthly report)', path: '/unit/reporting/monthly', signedIn: true },
];

/** More pages to audit as the farmer: `npm run bench:a11y -- /news /unit/documents/farm`. */
const { positionals } = parseArgs({ allowPositionals: true });
const TARGETS: readonly Target[] = [
  ...PAGES,
  ...positionals.map((extra) => ({ name: extra, path: extra, signedIn: true })),
];

const FLAGS: Flags = {
  ...MOBILE,
  onlyCategories: ['accessibility'],
  disableStorageReset: true,
};

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  items: string[];
}

interface PageResult {
  name: string;
  path: string;
  finalUrl: string;
  score: number;
  /** The audits that passed and those with nothing to check on this page. */
  passedAudits: number;
  notApplicable: number;
  failing: FailingAudit[];
  seconds: number;
}

/** The elements a failing audit names: its selector and snippet, or the item's own text. */
function itemsOf(audit: Result['audits'][string]): string[] {
  if (audit.details?.type !== 'table') return [];
  return audit.details.items.map((item) => {
    const node = item.node;
    if (node && typeof node === 'object' && 'type' in node && node.type === 'node') {
      const label =
        node.nodeLabel && node.nodeLabel !== node.selector ? ` "${node.nodeLabel}"` : '';
      const why = node.explanation
        ? `\n        ${node.explanation
            .split('\n')
            .filter((line) => line.trim() !== '')
            .join('\n        ')}`
        : '';
      return `${node.selector ?? ''}${label} ${node.snippet ?? ''}${why}`;
    }
    return JSON.stringify(item);
  });
}

function failingAudits(lhr: Result): FailingAudit[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is Result['audits'][string] => audit !== undefined)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      items: itemsOf(audit),
    }));
}

/** How many monthly records the bench writes first, so the list and the report show rows. */
const MONTHS_OF_RECORDS = 14;

/**
 * The demo farmer's unit holds no monthly records in a fresh database, and an empty list or
 * report is not the page to audit: writes the last MONTHS_OF_RECORDS months through the API,
 * signed as every client signs.
 */
async function writeMonthlyRecords(baseUrl: string): Promise<void> {
  const xsrf = 'bench-a11y-anti-forgery';
  const clock = new ServerClock();
  let token: SigningToken | null = null;
  const send = async <T>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const response = await signedFetch(
      {
        method,
        url: `${baseUrl}${apiPath}`,
        headers: {
          [AuthHeader.ApplicationKey]: appConfig.applicationKey,
          [AuthHeader.AntiForgery]: xsrf,
          cookie: `${ANTI_FORGERY_COOKIE}=${xsrf}`,
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: text,
      },
      { clock, token },
    );
    if (!response.ok) {
      throw new Error(`${method} ${apiPath}: ${String(response.status)} ${await response.text()}`);
    }
    return ((await response.json()) as ApiSuccess<T>).data;
  };
  const auth = await send<AuthResponse>('POST', '/api/authenticate?api_action=login', {
    username: ACCOUNT,
    password: DEMO_PASSWORD,
  });
  token = auth.auth_token;
  const farm = await send<ApiFarm>(
    'GET',
    `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(auth.user.business.id)}`,
  );
  const unit = farm.units[0];
  if (!unit) throw new Error(`${ACCOUNT}'s farm has no unit.`);
  const recordsPath = `/api/units/${String(unit.id)}/records/monthly`;
  // One monthly record a month (config/records/monthly.json uniqueKey): months already held,
  // should the seed ever hold some, are left as they are.
  const held = await send<ApiPaged<ApiRecord>>('GET', `${recordsPath}?per_page=100`);
  const heldMonths = new Set(held.records.map((r) => String(r.data.month).slice(0, 7)));
  const now = new Date();
  for (let back = MONTHS_OF_RECORDS; back >= 1; back--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
      .toISOString()
      .slice(0, 10);
    if (heldMonths.has(month.slice(0, 7))) continue;
    await send('POST', recordsPath, {
      month,
      milk_sold_litres: 180_000 + back * 1_500,
      cows_in_milk: 190 + (back % 7),
      dry_cows: 30 + (back % 5),
      butterfat_percent: 4.1 + (back % 3) / 10,
      protein_percent: 3.3 + (back % 2) / 10,
      somatic_cell_count: 150 + back * 3,
      bactoscan: 20 + back,
      concentrate_fed_tonnes: 45 + back,
      milk_price_ppl: 38 + back / 4,
    });
  }
}

async function audit(page: Page, baseUrl: string, target: Target): Promise<PageResult> {
  const started = performance.now();
  const result = await lighthouse(`${baseUrl}${target.path}`, FLAGS, undefined, page);
  if (!result) throw new Error(`Lighthouse returned no result for ${target.path}.`);
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${target.path}: ${lhr.runtimeError.message}`);
  }
  const finalUrl = lhr.finalDisplayedUrl;
  if (new URL(finalUrl).pathname !== target.path) {
    throw new Error(`${target.path} ended on ${finalUrl}: not the page meant to be audited.`);
  }
  const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
  const refs = (lhr.categories.accessibility?.auditRefs ?? []).map((ref) => lhr.audits[ref.id]);
  const slug = target.path.replace(/^\//, '').replaceAll('/', '-');
  mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(path.join(REPORTS_DIR, `${slug}.json`), JSON.stringify(lhr));
  return {
    name: target.name,
    path: target.path,
    finalUrl,
    score,
    passedAudits: refs.filter((a) => a?.score === 1).length,
    notApplicable: refs.filter((a) => a?.scoreDisplayMode === 'notApplicable').length,
    failing: failingAudits(lhr),
    seconds: (performance.now() - started) / 1000,
  };
}

function print(result: PageResult): void {
  const mark = result.score === 100 ? '' : '   UNDER 100';
  console.log(
    `${result.name.padEnd(32)} ${result.path.padEnd(30)} ${String(result.score).padStart(3)}` +
      `   (${String(result.passedAudits)} audits passed, ${String(result.notApplicable)} not applicable)${mark}`,
  );
  for (const failing of result.failing) {
    console.log(`    ${failing.id}: ${failing.title}`);
    for (const item of failing.items) console.log(`      - ${item}`);
  }
}

async function main(): Promise<number> {
  const began = performance.now();
  const results: PageResult[] = [];
  await withServerAndTab('a11y', async (server, page) => {
    await writeMonthlyRecords(server.baseUrl);
    console.log(`bench:a11y: Lighthouse accessibility, mobile, at ${server.baseUrl}\n`);
    let signedIn = false;
    for (const target of TARGETS) {
      if (target.signedIn && !signedIn) {
        await logIn(page, server.baseUrl);
        signedIn = true;
      }
      const result = await audit(page, server.baseUrl, target);
      results.push(result);
      print(result);
    }
  });
  const seconds = (performance.now() - began) / 1000;
  const under = results.filter((r) => r.score < 100);
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'test-results/a11y.json'),
    `${JSON.stringify(
      {
        tool: 'lighthouse',
        category: 'accessibility',
        formFactor: 'mobile',
        account: ACCOUNT,
        seconds: Number(seconds.toFixed(1)),
        passed: under.length === 0,
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nbench:a11y: ${seconds.toFixed(1)} s; written to test-results/a11y.json`);
  if (under.length > 0) {
    console.error(
      `bench:a11y: under 100: ${under.map((r) => `${r.path} (${String(r.score)})`).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

await exitWith(main);
