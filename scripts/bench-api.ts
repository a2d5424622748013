/**
 * `npm run bench:api`: latency and throughput of three API calls against the production server
 * on loopback: login, a signed paged GET of the units list with a search, and a record write.
 * Not part of `npm test`: the figures describe a machine, not a pass or a fail.
 *
 *   npm run bench:api -- --duration=10 --concurrency=16 --login-concurrency=4
 *
 * Each scenario is a closed loop: `concurrency` clients each send a request, wait for the answer
 * and send the next, for `duration` seconds after a 2 s warm-up. With DATABASE_URL set the server
 * uses that PostgreSQL; otherwise a fresh embedded PGlite in a temporary DATA_DIR, seeded with the
 * demo data (2,002 farms).
 *
 * The load is generated here rather than with a benchmarking package because every signed request
 * needs its own nonce and HMAC (shared/signing.ts), which a generic load generator cannot make.
 * One session per user signs every request, as one busy portal tab would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import appConfig from '../config/app.json' with { type: 'json' };
import type {
  ApiFarm,
  ApiPaged,
  ApiRecord,
  ApiSuccess,
  AuthResponse,
  AuthToken,
} from '../shared/api.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader, signatureHeaders } from '../shared/signing.ts';
import { DEMO_PASSWORD } from '../server/seed/dataset.ts';
import { monthOf } from './lib/durability-client.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    'login-concurrency': { type: 'string', default: '4' },
  },
});
const DURATION_S = Number(options.duration);
const CONCURRENCY = Number(options.concurrency);
const LOGIN_CONCURRENCY = Number(options['login-concurrency']);
const WARM_UP_S = 2;

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

let agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let baseUrl = '';
let xsrf = '';

function send(
  method: string,
  pathWithQuery: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathWithQuery, baseUrl);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          [AuthHeader.ApplicationKey]: appConfig.applicationKey,
          [AuthHeader.AntiForgery]: xsrf,
          cookie: `${ANTI_FORGERY_COOKIE}=${xsrf}`,
          ...(body === '' ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A request signed with the session's token, by the server's clock (this machine's). */
async function signed(token: AuthToken, method: string, pathWithQuery: string, body = '') {
  const headers = await signatureHeaders(token, {
    method,
    url: pathWithQuery,
    body,
    serverNowMs: Date.now(),
  });
  return send(method, pathWithQuery, headers, body);
}

async function login(username: string): Promise<AuthResponse> {
  const answer = await send(
    'POST',
    '/api/authenticate?api_action=login',
    {},
    JSON.stringify({ username, password: DEMO_PASSWORD }),
  );
  if (answer.status !== 200) throw new Error(`Login as ${username} failed: ${answer.body}`);
  return (JSON.parse(answer.body) as ApiSuccess<AuthResponse>).data;
}

interface Result {
  scenario: string;
  concurrency: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  firstError?: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

/** A closed loop of `concurrency` clients; only the answers after the warm-up are counted. */
async function run(
  scenario: string,
  concurrency: number,
  call: (i: number) => Promise<Answer>,
  expectedStatus: number,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let sequence = 0;
  const start = performance.now();
  const measureFrom = start + WARM_UP_S * 1000;
  const end = measureFrom + DURATION_S * 1000;
  process.stdout.write(`  ${scenario} …`);

  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      let ok = false;
      let problem = '';
      try {
        const answer = await call(sequence++);
        ok = answer.status === expectedStatus;
        if (!ok) problem = `${String(answer.status)} ${answer.body.slice(0, 200)}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      const t1 = performance.now();
      if (t0 < measureFrom) continue;
      latencies.push(t1 - t0);
      if (!ok) {
        errors += 1;
        firstError ??= problem;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - measureFrom) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const result: Result = {
    scenario,
    concurrency,
    requests: latencies.length,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? NaN,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
  };
  process.stdout.write(' done\n');
  return result;
}

const SEARCHES = ['farm', 'dale', 'hill', 'jones', 'moor', 'LN', 'green', 'PE12', 'wood', 'davies'];

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-bench-'));
  let server: ServerProcess | undefined;
  const results: Result[] = [];
  try {
    console.log(`bench:api: starting the production server (${database}) …`);
    server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: '' });
    baseUrl = server.baseUrl;
    const health = await send('GET', '/api/health', {});
    const cookie = [health.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF'));
    xsrf = cookie?.split(';')[0]?.split('=')[1] ?? '';

    const buyer = (await login('buyer@example.com')).auth_token;
    const farmer = (await login('farmer@example.com')).auth_token;
    const unitPath = `/api/units/${String(await firstUnitId(farmer))}/records/monthly`;
    // One monthly record a month (config/records/monthly.json uniqueKey): the writes start after
    // the newest month the unit holds, so that a reused DATABASE_URL refuses none of them.
    const firstMonth = await nextFreeMonth(farmer, unitPath);
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: Math.max(CONCURRENCY, LOGIN_CONCURRENCY) });

    console.log(
      `bench:api: ${String(DURATION_S)} s per scenario after a ${String(WARM_UP_S)} s warm-up`,
    );
    results.push(
      await run(
        'login (POST /api/authenticate?api_action=login)',
        LOGIN_CONCURRENCY,
        () =>
          send(
            'POST',
            '/api/authenticate?api_action=login',
            {},
            JSON.stringify({ username: 'buyer@example.com', password: DEMO_PASSWORD }),
          ),
        200,
      ),
    );

    results.push(
      await run(
        'units list, signed, searched and paged (GET /api/accounts/units)',
        CONCURRENCY,
        (i) =>
          signed(
            buyer,
            'GET',
            `/api/accounts/units?search=${SEARCHES[i % SEARCHES.length] ?? ''}&page=${String((i % 3) + 1)}&per_page=10`,
          ),
        200,
      ),
    );

    results.push(
      await run(
        'record write, signed (POST /api/units/{unit}/records/monthly)',
        CONCURRENCY,
        (i) =>
          signed(
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
  } finally {
    agent.destroy();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(results, database);
}

/** The demo farmer's unit, found as the portal finds it: the farm loaded by the business id. */
async function firstUnitId(token: AuthToken): Promise<number> {
  const me = JSON.parse((await signed(token, 'GET', '/api/users/me')).body) as ApiSuccess<{
    business: { id: number };
  }>;
  const farm = await signed(
    token,
    'GET',
    `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(me.data.business.id)}`,
  );
  const unit = (JSON.parse(farm.body) as ApiSuccess<ApiFarm>).data.units[0];
  if (!unit) throw new Error(`The demo farmer's farm has no unit: ${farm.body}`);
  return unit.id;
}

/** The month number (for monthOf) after the newest monthly record on the unit; 0 when none. */
async function nextFreeMonth(token: AuthToken, unitPath: string): Promise<number> {
  const newest = await signed(token, 'GET', `${unitPath}?sort=month&direction=desc&per_page=1`);
  const [record] = (JSON.parse(newest.body) as ApiSuccess<ApiPaged<ApiRecord>>).data.records;
  const month = record?.data.month;
  const match = typeof month === 'string' ? /^(\d{4})-(\d{2})/.exec(month) : null;
  if (!match) return 0;
  return Math.max(0, (Number(match[1]) - 1000) * 12 + Number(match[2]));
}

function report(results: Result[], database: string): void {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `\nFarmData Portal API on 127.0.0.1, NODE_ENV=production, ${database}, Node ${process.version}, ` +
      `${String(availableParallelism())} × ${cpu}; client and server share the machine.\n`,
  );
  const ms = (n: number) => n.toFixed(1);
  const rows = results.map((r) => [
    r.scenario,
    String(r.concurrency),
    String(r.requests),
    r.requestsPerSecond.toFixed(1),
    ms(r.p50Ms),
    ms(r.p95Ms),
    ms(r.p99Ms),
    String(r.errors),
  ]);
  const header = [
    'scenario',
    'concurrency',
    'requests',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
  ];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    if (r.firstError) console.log(`\nfirst error in "${r.scenario}": ${r.firstError}`);
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/bench-api.json',
    `${JSON.stringify({ database, results }, null, 2)}\n`,
  );
  console.log('\nWritten to test-results/bench-api.json.');
}

await main();
