/**
 * `npm run test:durability -- --rounds=10 --concurrency=8`: proves that a write the server
 * acknowledged survives the server being killed. Not part of `npm test` (it takes minutes).
 *
 * The production API server runs on a temporary DATA_DIR (embedded PGlite). A farm user writes
 * monthly records with `concurrency` requests in flight and remembers every one answered 201.
 * At a random moment the server is SIGKILLed (no shutdown of any kind: the OOM killer, a power
 * cut as far as the process can tell), restarted on the same directory (it must take over the
 * stale lock and open the database) and every acknowledged record is read back. That is done
 * `rounds` times. Then one SIGTERM round: the server stops while writes are in flight; it must
 * exit 0 having answered every request it received (201, or 503 while it drains: none cut
 * off, none stored unanswered), release its lock, and lose nothing.
 *
 * Fails (exit 1) when an acknowledged record is missing or changed, the database does not open,
 * a stale lock is not taken over, or the SIGTERM round stops uncleanly.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockFilePath } from '../server/db/data-dir-lock.ts';
import { RecordWriter } from './lib/durability-client.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    'min-ms': { type: 'string', default: '200' },
    'max-ms': { type: 'string', default: '2500' },
  },
});
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const MIN_MS = Number(values['min-ms']);
const MAX_MS = Number(values['max-ms']);
if (![ROUNDS, CONCURRENCY, MIN_MS, MAX_MS].every((n) => Number.isInteger(n) && n >= 0)) {
  console.error('Usage: npm run test:durability -- --rounds=10 --concurrency=8');
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fdp-durability-'));
const failures: string[] = [];
let missingTotal = 0;
const writer = new RecordWriter();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomDelay = () => MIN_MS + Math.floor(Math.random() * (MAX_MS - MIN_MS + 1));

async function start(): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: '' }, 300_000, undefined, {
    captureOutput: true,
  });
  writer.baseUrl = server.baseUrl;
  return server;
}

/** Every acknowledged record is there, with what was written; returns the unanswered ones found. */
async function verify(when: string): Promise<number> {
  const found = await writer.readAll();
  let missing = 0;
  for (const [id, marker] of writer.acknowledged) {
    if (found.get(id) === marker) continue;
    missing += 1;
    if (missing <= 5)
      failures.push(
        `${when}: acknowledged record ${String(id)} (${marker}) is ${found.has(id) ? 'changed' : 'missing'}`,
      );
  }
  if (missing > 5) failures.push(`${when}: ${String(missing)} acknowledged records are missing`);
  missingTotal += missing;
  return [...found.keys()].filter((id) => !writer.acknowledged.has(id)).length;
}

async function killRound(round: number, server: ServerProcess): Promise<ServerProcess> {
  const before = writer.outcomes.acknowledged;
  let killed = false;
  const writing = writer.writeUntil(`kill round ${String(round)}`, CONCURRENCY, () => killed);
  const delay = randomDelay();
  await sleep(delay);
  killed = true;
  await server.kill();
  await writing;
  const acked = writer.outcomes.acknowledged - before;
  if (!existsSync(lockFilePath(dataDir)))
    failures.push(`round ${String(round)}: the SIGKILLed server left no lock file`);

  const restarted = await start().catch((error: unknown) => {
    failures.push(`round ${String(round)}: the server did not start again: ${String(error)}`);
    return undefined;
  });
  if (!restarted) throw new Error('the database did not open after SIGKILL');
  if (!/took over the stale lock/.test(restarted.output()))
    failures.push(
      `round ${String(round)}: the restarted server did not say it took over the stale lock`,
    );
  const unanswered = await verify(`round ${String(round)}`);
  console.log(
    `  round ${String(round).padStart(2)}: SIGKILL after ${String(delay).padStart(4)} ms, ` +
      `${String(acked).padStart(4)} writes acknowledged, ${String(writer.acknowledged.size).padStart(5)} in all, ` +
      `all present; ${String(unanswered)} stored without an answer so far`,
  );
  return restarted;
}

async function termRound(server: ServerProcess): Promise<ServerProcess> {
  const outcomesBefore = { ...writer.outcomes };
  const storedBefore = (await writer.readAll()).size;
  const writing = writer.writeUntil('term round', CONCURRENCY, () => false);
  const delay = randomDelay();
  await sleep(delay);
  await server.stop();
  await writing;
  const code = server.child.exitCode;
  if (code !== 0)
    failures.push(
      `SIGTERM round: the server exited with ${String(code ?? server.child.signalCode)}, not 0`,
    );
  if (existsSync(lockFilePath(dataDir)))
    failures.push('SIGTERM round: the server left its lock file behind');

  const restarted = await start();
  if (/took over the stale lock/.test(restarted.output()))
    failures.push('SIGTERM round: the next start found a stale lock');
  const found = await writer.readAll();
  await verify('SIGTERM round');
  const delta = (k: keyof typeof outcomesBefore) => writer.outcomes[k] - outcomesBefore[k];
  // Everything stored in this round must have been answered: the drain let no write go unanswered.
  const storedThisRound = found.size - storedBefore;
  const unanswered = storedThisRound - delta('acknowledged');
  if (unanswered !== 0)
    failures.push(`SIGTERM round: ${String(unanswered)} writes were stored but never answered`);
  // A clean stop answers every request it received: 201, or 503 while draining; none is reset.
  if (delta('cut off') !== 0)
    failures.push(`SIGTERM round: ${String(delta('cut off'))} requests were cut off unanswered`);
  console.log(
    `  SIGTERM after ${String(delay)} ms: exit code ${String(code)}, ${String(delta('acknowledged'))} acknowledged, ` +
      `${String(delta('refused'))} refused (503 while draining), ${String(delta('not connected'))} not connected ` +
      `after it closed, ${String(delta('cut off'))} cut off; ${String(unanswered)} stored without an answer`,
  );
  return restarted;
}

const started = Date.now();
let server: ServerProcess | undefined;
try {
  console.log(
    `test:durability: ${String(ROUNDS)} SIGKILL rounds and a SIGTERM round, DATA_DIR ${dataDir}`,
  );
  server = await start();
  console.log(
    `  first start (database created and seeded): ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await writer.logIn();
  for (let round = 1; round <= ROUNDS; round++) server = await killRound(round, server);
  server = await termRound(server);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  await server?.stop();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const o = writer.outcomes;
console.log(
  `\ntest:durability: ${String(ROUNDS)} SIGKILL rounds + 1 SIGTERM round in ${seconds} s; ` +
    `writes acknowledged ${String(o.acknowledged)}, refused ${String(o.refused)}, ` +
    `cut off ${String(o['cut off'])}, not connected ${String(o['not connected'])}; ` +
    `acknowledged but missing: ${String(missingTotal)}`,
);
for (const text of writer.unexpected.slice(0, 5))
  failures.push(`unexpected answer: ${text.slice(0, 300)}`);
if (failures.length > 0) {
  console.error(`\nFAILED (DATA_DIR kept: ${dataDir}):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log('PASSED: every acknowledged write survived.');
