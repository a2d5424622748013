/**
 * The embedded database's own thread (see pglite-thread.ts for why). It opens PGlite on the data
 * directory exactly as the server's thread would (openPglite) and answers the requests of
 * pglite-protocol.ts one at a time in arrival order, as PGlite itself would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { openPgliteInstance } from './pglite.ts';
import { PgliteStatements } from './pglite-statements.ts';
import { errorData, type Reply, type Request, type WorkerStart } from './pglite-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread only.');

const { dataDir } = workerData as WorkerStart;
const pg = await openPgliteInstance(dataDir);
const statements = new PgliteStatements(pg);

/** Open transactions by id, each waiting for its 'end' to commit or roll back. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTransaction = 1;

/** Thrown inside pg.transaction to roll it back; not an error to report. */
class RollbackAsked extends Error {}

function begin(): Promise<number> {
  return new Promise((opened, failed) => {
    const id = nextTransaction++;
    pg.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, {
            tx,
            end: (wanted) => (wanted ? commit() : rollback(new RollbackAsked())),
          });
          opened(id);
        }),
    ).then(
      () => settle(id, undefined),
      (error: unknown) => settle(id, error instanceof RollbackAsked ? undefined : error),
    );
    // A BEGIN that failed never called the callback: its error is the answer to 'begin'.
    pending.set(id, { done: () => undefined, failed });
  });
}

/** The answer to an 'end' is sent when PGlite has committed or rolled back, not before. */
const pending = new Map<number, { done: () => void; failed: (error: unknown) => void }>();

function settle(id: number, error: unknown): void {
  const waiting = pending.get(id);
  pending.delete(id);
  transactions.delete(id);
  if (!waiting) return;
  if (error === undefined) waiting.done();
  else waiting.failed(error);
}

function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) return Promise.reject(new Error(`No open transaction ${String(id)}.`));
  return new Promise((done, failed) => {
    pending.set(id, { done, failed });
    open.end(commit);
  });
}

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const tx = request.tx === undefined ? undefined : transactions.get(request.tx)?.tx;
      if (request.tx !== undefined && !tx) {
        throw new Error(`No open transaction ${String(request.tx)}.`);
      }
      if (request.plan === 'per-call')
        return (await (tx ?? pg).query(request.sql, request.params)).rows;
      return tx
        ? statements.queryInTransaction(request.sql, request.params)
        : statements.query(request.sql, request.params);
    }
    case 'exec':
      await pg.exec(request.sql);
      return undefined;
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      await pg.listen(request.channel, (payload) => {
        post({ notice: { channel: request.channel, payload } });
      });
      return undefined;
    case 'dump': {
      await pg.exec('checkpoint');
      const tarball = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return undefined;
  }
}

function post(reply: Reply): void {
  port?.postMessage(reply);
}

port.on('message', (request: Request) => {
  answer(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (error: unknown) => post({ id: request.id, ok: false, error: errorData(error) }),
  );
});
post({ id: 0, ok: true, value: 'ready' });
