/**
 * `npm run bench:api`: latency and throughput of the API against the production server on
 * loopback. Not part of `npm test`: the figures describe a machine, not a pass or a fail.
 *
 *   npm run bench:api -- --duration=10 --concurrency=50 --login-concurrency=4
 *   npm run bench:api -- --farms 2000,20000,200000 [--rounds=3] [--root=DIR]
 *
 * Scenarios: login; 200 varied searches of the units list, one at a time (scripts/lib/
 * bench-search-terms.ts: postcodes, names, common words, short terms), with p50/p95/p99 per kind
 * of term; then, at `concurrency` clients each, signed GETs of the units list page (searched and
 * paged) and of the unit summary, and a record write. Each closed loop runs `duration` seconds
 * after a 2 s warm-up; the searches run `rounds` times over the 200 after 20 to warm up.
 *
 * Without --farms the server runs on a fresh embedded PGlite in a temporary DATA_DIR seeded with
 * the demo data (2,002 farms), or on DATABASE_URL. With --farms, once per size on a database
 * seeded with that many generated farms and kept for the next run (scripts/lib/bench-data.ts),
 * printing the growth from size to size at the end. --root runs another checkout's server and
 * seed on the same sizes (an export of main, say), so before and after compare on one machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiFarm, ApiPaged, ApiRecord, ApiUnitListing, AuthToken } from '../shared/api.ts';
import { benchDatabase } from './lib/bench-data.ts';
import {
  BenchClient,
  latencyFigures,
  runClosedLoop,
  table,
  type Result,
} from './lib/bench-http.ts';
import { searchTerms, TERM_KINDS, type SearchTerm } from './lib/bench-search-terms.ts';
import { monthOf } from './lib/durability-client.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '50' },
    'login-concurrency': { type: 'string', default: '4' },
    farms: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    root: { type: 'string' },
  },
});
const LOOP = {
  durationS: Number(options.duration),
  concurrency: Number(options.concurrency),
  warmUpS: 2,
};
const LOGIN_CONCURRENCY = Number(options['login-concurrency']);
const ROUNDS = Number(options.rounds);
const ROOT = path.resolve(options.root ?? path.join(import.meta.dirname, '..'));
const SIZES = options.farms?.split(',').map((n) => Number(n.replace(/[_,]/g, '')));
if (SIZES?.some((n) => !Number.isInteger(n) || n < 0)) {
  throw new Error(`--farms takes whole numbers separated by commas, not ${String(options.farms)}`);
}

/** One kind of search term's latencies and what the list answered (its median total). */
interface SearchFigures {
  kind: string;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  medianTotal: number;
  capped: number;
}

interface SizeReport {
  farms: number | 'demo';
  database: string;
  searches: SearchFigures[];
  results: Result[];
}

const unitsPath = (term: string, page = 1) =>
  `/api/accounts/units?search=${encodeURIComponent(term)}&page=${String(page)}&per_page=10`;

/** The searches one at a time, `ROUNDS` times over, after 20 to warm the caches up. */
async function runSearches(client: BenchClient, buyer: AuthToken, terms: SearchTerm[]) {
  process.stdout.write(`  ${String(terms.length)} searches × ${String(ROUNDS)}, one at a time …`);
  const seen = TERM_KINDS.map(() => ({
    latencies: [] as number[],
    totals: [] as number[],
    capped: 0,
  }));
  const all: number[] = [];
  for (const { term } of terms.slice(0, 20)) await client.signed(buyer, 'GET', unitsPath(term));
  for (let round = 0; round < ROUNDS; round++) {
    for (const { term, kind } of terms) {
      const t0 = performance.now();
      const answer = await client.signed(buyer, 'GET', unitsPath(term));
      const ms = performance.now() - t0;
      if (answer.status !== 200) throw new Error(`Search "${term}": ${answer.body.slice(0, 200)}`);
      const data = (
        JSON.parse(answer.body) as { data: ApiPaged<unknown> & { total_capped?: boolean } }
      ).data;
      const figures = seen[TERM_KINDS.indexOf(kind)];
      figures?.latencies.push(ms);
      figures?.totals.push(data.total_records);
      if (figures && data.total_capped) figures.capped += 1;
      all.push(ms);
    }
  }
  process.stdout.write(' done\n');
  const row = (kind: string, latencies: number[], totals: number[], capped: number) => ({
    kind,
    searches: latencies.length,
    ...latencyFigures(latencies),
    medianTotal: [...totals].sort((a, b) => a - b)[Math.floor(totals.length / 2)] ?? 0,
    capped,
  });
  return [
    ...TERM_KINDS.map((kind, i) =>
      row(kind, seen[i]?.latencies ?? [], seen[i]?.totals ?? [], seen[i]?.capped ?? 0),
    ),
    row(
      'all 200',
      all,
      seen.flatMap((s) => s.totals),
      seen.reduce((n, s) => n + s.capped, 0),
    ),
  ];
}

/** The buyer's first units with one of their plans each, as the portal opens them. */
async function unitsWithPlans(client: BenchClient, buyer: AuthToken) {
  const page = await client.getData<ApiPaged<ApiUnitListing>>(buyer, unitsPath('', 1));
  const pairs: { unit: number; plan: number }[] = [];
  for (const listed of page.records) {
    const farm = await client.getData<ApiFarm>(
      buyer,
      `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(listed.farm_id)}`,
    );
    const plan = farm.units.find((u) => u.id === listed.unit_id)?.packages[0];
    if (plan) pairs.push({ unit: listed.unit_id, plan: plan.id });
  }
  if (pairs.length === 0) throw new Error('The buyer has no unit with a plan to summarise.');
  return pairs;
}

/** The demo farmer's unit, found as the portal finds it: the farm loaded by the business id. */
async function farmersUnit(client: BenchClient, farmer: AuthToken): Promise<number> {
  const me = await client.getData<{ business: { id: number } }>(farmer, '/api/users/me');
  const farm = await client.getData<ApiFarm>(
    farmer,
    `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(me.business.id)}`,
  );
  const unit = farm.units[0];
  if (!unit) throw new Error("The demo farmer's farm has no unit.");
  return unit.id;
}

/** The month number (for monthOf) after the newest monthly record on the unit; 0 when none. */
async function nextFreeMonth(client: BenchClient, farmer: AuthToken, unitPath: string) {
  const newest = await client.getData<ApiPaged<ApiRecord>>(
    farmer,
    `${unitPath}?sort=month&direction=desc&per_page=1`,
  );
  const month = newest.records[0]?.data.month;
  const match = typeof month === 'string' ? /^(\d{4})-(\d{2})/.exec(month) : null;
  if (!match) return 0;
  return Math.max(0, (Number(match[1]) - 1000) * 12 + Number(match[2]));
}

async function measure(client: BenchClient, terms: SearchTerm[]) {
  const buyer = (await client.login('buyer@example.com')).auth_token;
  const farmer = (await client.login('farmer@example.com')).auth_token;
  const unitPath = `/api/units/${String(await farmersUnit(client, farmer))}/records/monthly`;
  // One monthly record a month (config/records/monthly.json uniqueKey): the writes start after
  // the newest month the unit holds, so that a reused database refuses none of them.
  const firstMonth = await nextFreeMonth(client, farmer, unitPath);
  const summaries = await unitsWithPlans(client, buyer);

  const searches = await runSearches(client, buyer, terms);
  client.resize(Math.max(LOOP.concurrency, LOGIN_CONCURRENCY));
  console.log(
    `  then ${String(LOOP.durationS)} s per scenario after a ${String(LOOP.warmUpS)} s warm-up:`,
  );
  const results: Result[] = [];
  results.push(
    await runClosedLoop(
      'login (POST /api/authenticate?api_action=login)',
      { ...LOOP, concurrency: LOGIN_CONCURRENCY },
      () => client.loginRequest('buyer@example.com'),
      200,
    ),
  );
  results.push(
    await runClosedLoop(
      'units list page, signed, searched and paged (GET /api/accounts/units)',
      LOOP,
      (i) => {
        const term = i % 4 === 0 ? '' : (terms[i % terms.length]?.term ?? '');
        return client.signed(buyer, 'GET', unitsPath(term, (i % 3) + 1));
      },
      200,
    ),
  );
  results.push(
    await runClosedLoop(
      'unit summary, signed (GET /api/accounts/units/{unit}/summary/{plan})',
      LOOP,
      (i) => {
        const pair = summaries[i % summaries.length];
        const target = `/api/accounts/units/${String(pair?.unit)}/summary/${String(pair?.plan)}`;
        return client.signed(buyer, 'GET', target);
      },
      200,
    ),
  );
  results.push(
    await runClosedLoop(
      'record write, signed (POST /api/units/{unit}/records/monthly)',
      LOOP,
      (i) =>
        client.signed(
          farmer,
          'POST',
          unitPath,
          JSON.stringify({
            month: monthOf(firstMonth + i),
            milk_sold_litres: 150_000 + (i % 50_000),
            cows_in_milk: 180 + (i % 60),
            butterfat_percent: 4.1,
          }),
        ),
      201,
    ),
  );
  return { searches, results };
}

async function benchOne(farms: number | undefined): Promise<SizeReport> {
  let scratch: string | undefined;
  let env: Record<string, string>;
  let database: string;
  if (farms === undefined) {
    scratch = mkdtempSync(path.join(tmpdir(), 'fdp-bench-'));
    env = { DATA_DIR: scratch };
    database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite, fresh';
  } else {
    const prepared = await benchDatabase(ROOT, farms);
    env = prepared.env;
    database = prepared.description;
  }
  let server: ServerProcess | undefined;
  let client: BenchClient | undefined;
  try {
    console.log(
      `\nbench:api: ${farms === undefined ? 'the demo data' : `${farms.toLocaleString('en-GB')} farms`}, ${database}`,
    );
    server = await startServer({ ...env, STATIC_DIR: '' }, 600_000, ROOT);
    client = new BenchClient(server.baseUrl, 4);
    await client.start();
    const { searches, results } = await measure(client, searchTerms(farms ?? 2000));
    return { farms: farms ?? 'demo', database, searches, results };
  } finally {
    client?.close();
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

const ms = (n: number) => n.toFixed(1);

function reportSize(report: SizeReport): void {
  const size =
    report.farms === 'demo' ? 'demo data' : `${report.farms.toLocaleString('en-GB')} farms`;
  console.log(`\n${size}: searches of the units list, one at a time (buyer@example.com)`);
  console.log(
    table(
      [
        'kind of term',
        'searches',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'median total',
        'capped',
      ],
      report.searches.map((s) => [
        s.kind,
        String(s.searches),
        ms(s.p50Ms),
        ms(s.p95Ms),
        ms(s.p99Ms),
        ms(s.maxMs),
        String(s.medianTotal),
        String(s.capped),
      ]),
    ),
  );
  console.log(`\n${size}: closed loops`);
  console.log(
    table(
      ['scenario', 'concurrency', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
      report.results.map((r) => [
        r.scenario,
        String(r.concurrency),
        String(r.requests),
        r.requestsPerSecond.toFixed(1),
        ms(r.p50Ms),
        ms(r.p95Ms),
        ms(r.p99Ms),
        String(r.errors),
      ]),
    ),
  );
  for (const r of report.results) {
    if (r.firstError) console.log(`first error in "${r.scenario}": ${r.firstError}`);
  }
}

/** Search p95 (and p50) per kind of term, one column per size: how the list grows. */
function reportGrowth(reports: SizeReport[]): void {
  const sizes = reports.map((r) => (r.farms === 'demo' ? 'demo' : r.farms.toLocaleString('en-GB')));
  console.log('\nGrowth: search p50 / p95 ms per kind of term, by farms seeded');
  const kinds = reports[0]?.searches.map((s) => s.kind) ?? [];
  console.log(
    table(
      ['kind of term', ...sizes],
      kinds.map((kind) => [
        kind,
        ...reports.map((r) => {
          const s = r.searches.find((x) => x.kind === kind);
          return s ? `${ms(s.p50Ms)} / ${ms(s.p95Ms)}` : '';
        }),
      ]),
    ),
  );
}

async function main(): Promise<void> {
  const reports: SizeReport[] = [];
  for (const farms of SIZES ?? [undefined]) reports.push(await benchOne(farms));
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `\nFarmData Portal API on 127.0.0.1, NODE_ENV=production, server from ${ROOT}, Node ` +
      `${process.version}, ${String(availableParallelism())} × ${cpu}; client and server share the machine.`,
  );
  for (const report of reports) reportSize(report);
  if (reports.length > 1) reportGrowth(reports);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/bench-api.json',
    `${JSON.stringify({ root: ROOT, reports }, null, 2)}\n`,
  );
  console.log('\nWritten to test-results/bench-api.json.');
}

await main();
