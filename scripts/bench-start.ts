/**
 * `npm run bench:start`: the production server's start and memory (issue 21 point 5). Not part of
 * `npm test`: the figures describe a machine.
 *
 *   npm run bench:start -- --requests=10000 --concurrency=16 [--target=0]
 *
 * On a throwaway DATA_DIR the server starts once (creating and seeding the database), stops
 * cleanly and starts again: the warm restart is timed from spawning the process to /login served
 * (the portal page, 200), with the CPU time it used until then and the machine's load average (on
 * a busy machine the wall time mostly measures the wait for a core). Its resident memory (VmRSS)
 * is read after start, then after each of two rounds of `requests` signed GETs (the screens'
 * usual reads: the farm, a unit's summary, its records, Select Farm's units list for company
 * staff), to show whether it grows. Fails (exit 1) above the targets (restart 2 s, 350 MiB)
 * unless --target=0.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiFarm } from '../shared/api.ts';
import { BenchClient } from './lib/bench-http.ts';
import { buildIfStale, DIST_DIR } from './lib/build.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    target: { type: 'string', default: '1' },
  },
});
const REQUESTS = Number(options.requests);
const CONCURRENCY = Number(options.concurrency);
const ENFORCE = options.target !== '0';
const RESTART_TARGET_MS = 2_000;
const RSS_TARGET_MIB = 350;
const WARM_RESTART = 'warm restart, to /login';
/** Long enough for the start's garbage to be collected and the heap to settle. */
const SETTLE_MS = 3_000;

function rssMiB(server: ServerProcess): number {
  const status = readFileSync(`/proc/${String(server.child.pid)}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error('No VmRSS for the server process.');
  return Math.round(Number(kb) / 1024);
}

/** Linux reports a process's CPU times in /proc in ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS_PER_S = 100;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** The reads the portal's screens make most, as a farmer and as company staff. */
async function readsOf(client: BenchClient): Promise<(() => Promise<unknown>)[]> {
  const farmer = await client.login('farmer@example.com');
  const token = farmer.auth_token;
  const farm = await client.getData<ApiFarm>(
    token,
    `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(farmer.user.business.id)}`,
  );
  const unit = farm.units[0];
  const plan = unit?.packages[0];
  if (!unit || !plan) throw new Error("The demo farmer's farm has no unit with a plan.");
  const staff = (await client.login('processor@example.com')).auth_token;
  let page = 0;
  return [
    () => client.getData(token, '/api/users/me'),
    () =>
      client.getData(token, `/api/accounts/units/${String(unit.id)}/summary/${String(plan.id)}`),
    () => client.getData(token, `/api/units/${String(unit.id)}/records/monthly?per_page=10`),
    () =>
      client.getData(staff, `/api/accounts/units?page=${String((page++ % 50) + 1)}&per_page=10`),
  ];
}

async function readMany(reads: (() => Promise<unknown>)[], count: number): Promise<number> {
  let sent = 0;
  const started = performance.now();
  const client = async () => {
    while (sent < count) {
      const read = reads[sent++ % reads.length];
      if (read) await read();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return (performance.now() - started) / 1000;
}

/**
 * The CPU time (user + system, all threads) the server has used so far, in ms. On a busy machine
 * the restart's wall time mostly says how long it waited for a core; this says what it cost.
 */
function cpuMs(server: ServerProcess): number {
  const stat = readFileSync(`/proc/${String(server.child.pid)}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS_PER_S);
}

async function timedStart(dataDir: string) {
  const started = performance.now();
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: DIST_DIR });
  const login = await fetch(`${server.baseUrl}/login`);
  if (login.status !== 200) throw new Error(`/login answered ${String(login.status)}`);
  await login.arrayBuffer();
  return { server, ms: Math.round(performance.now() - started), cpuMs: cpuMs(server) };
}

async function main(): Promise<void> {
  if (buildIfStale()) console.log('bench:start: built the portal and the server');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-bench-start-'));
  let server: ServerProcess | undefined;
  let client: BenchClient | undefined;
  try {
    const first = await timedStart(dataDir);
    await first.server.stop();
    const warm = await timedStart(dataDir);
    const loadAtRestart = Math.round((loadavg()[0] ?? 0) * 10) / 10;
    server = warm.server;
    await settle();
    const rows: [string, number, string][] = [
      ['first start (database created and seeded), to /login', first.ms, 'ms'],
      [WARM_RESTART, warm.ms, 'ms'],
      ['warm restart, CPU time used until /login was served (all threads)', warm.cpuMs, 'ms'],
      ['machine load average (1 minute) after the restart', loadAtRestart, ''],
      ['resident memory after start', rssMiB(server), 'MiB'],
    ];
    client = new BenchClient(server.baseUrl, CONCURRENCY);
    await client.start();
    const reads = await readsOf(client);
    for (const round of [1, 2]) {
      const seconds = await readMany(reads, REQUESTS);
      await settle();
      rows.push([
        `resident memory after ${String(round * REQUESTS)} signed GETs (${(REQUESTS / seconds).toFixed(0)} req/s)`,
        rssMiB(server),
        'MiB',
      ]);
    }
    for (const [what, value, unit] of rows)
      console.log(`${what.padEnd(70)} ${String(value).padStart(6)} ${unit}`);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/bench-start.json',
      `${JSON.stringify(
        rows.map(([what, value, unit]) => ({ what, value, unit })),
        null,
        2,
      )}\n`,
    );
    const over = rows.filter(
      ([what, value, unit]) =>
        (unit === 'MiB' && value > RSS_TARGET_MIB) ||
        (what === WARM_RESTART && value > RESTART_TARGET_MS),
    );
    if (over.length > 0) {
      console.log(
        `\nOver target (restart ${String(RESTART_TARGET_MS)} ms, memory ${String(RSS_TARGET_MIB)} MiB): ${over.map(([what]) => what).join('; ')}`,
      );
      if (ENFORCE) process.exitCode = 1;
    }
  } finally {
    client?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
