/**
 * The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: a
 * query runs synchronously on the thread that calls it, and so does the fsync of every commit
 * (durable-nodefs.ts). On the server's thread that work and the HTTP work (TLS, JSON, signatures,
 * compression) take turns on one core; here they run side by side on two. PGlite still answers
 * one statement at a time, in the order sent, with transactions holding it as before.
 */
import { Worker } from 'node:worker_threads';
import { RUNS_FROM_SOURCE } from '../project-root.ts';
import { withCallerStack } from './caller-stack.ts';
import { errorFrom, type Reply, type Request, type WorkerStart } from './pglite-protocol.ts';
import {
  channelName,
  type Db,
  type NoticeHandlers,
  type Queryable,
  type QueryOptions,
} from './types.ts';

/**
 * The worker's script: from source a JS file that registers tsx in the new thread first (a worker
 * does not inherit the loader), in the production bundle the worker's own compiled entry beside
 * this code (scripts/lib/build-server.ts names it).
 */
const WORKER_ENTRY = RUNS_FROM_SOURCE
  ? new URL('./pglite-worker-boot.js', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

export async function openPgliteThread(dataDir: string): Promise<Db> {
  const workerStart: WorkerStart = { dataDir };
  const worker = new Worker(WORKER_ENTRY, {
    workerData: workerStart,
  });
  const waiting = new Map<number, { done: (value: unknown) => void; failed: (e: Error) => void }>();
  const listeners = new Map<string, Set<NoticeHandlers>>();
  let nextId = 1;
  let gone: Error | undefined;

  const ready = new Promise<void>((started, failedToStart) => {
    waiting.set(0, { done: () => started(), failed: failedToStart });
  });
  worker.on('message', (reply: Reply) => {
    if ('notice' in reply) {
      for (const handlers of listeners.get(reply.notice.channel) ?? [])
        handlers.notice(reply.notice.payload);
      return;
    }
    const asked = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!asked) return;
    if (reply.ok) asked.done(reply.value);
    else asked.failed(errorFrom(reply.error));
  });
  // The database's thread stopped (it failed to open, or crashed): nothing more can be answered.
  const stopped = (error: Error) => {
    gone = error;
    for (const asked of waiting.values()) asked.failed(error);
    waiting.clear();
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => {
    stopped(new Error(`The database thread stopped (exit code ${String(code)}).`));
  });

  const ask = <T>(request: Ask): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((done, failed) => {
      waiting.set(id, { done: done as (value: unknown) => void, failed });
      worker.postMessage({ ...request, id });
    });
  };

  const queryable = (tx: number | undefined): Queryable => ({
    async query<T extends object>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      try {
        const rows = await ask<T[]>({
          op: 'query',
          sql,
          params: params && [...params],
          tx,
          plan: options?.plan ?? 'shared',
        });
        return { rows };
      } catch (error) {
        throw withCallerStack(error);
      }
    },
  });

  await ready;
  return {
    kind: 'pglite',
    ...queryable(undefined),
    async exec(sql) {
      await ask({ op: 'exec', sql });
    },
    async transaction(fn) {
      const tx = await ask<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        // The caller's error is the one to report, even if the rollback fails too.
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (gone) return;
      await ask({ op: 'close' });
      await worker.terminate();
    },
    async listen(channel, handlers) {
      const name = channelName(channel);
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
        await ask({ op: 'listen', channel: name });
      }
      set.add(handlers);
      return {
        close: async () => {
          set.delete(handlers);
        },
      };
    },
    async dumpDataDir() {
      return Buffer.from(await ask<Uint8Array>({ op: 'dump' }));
    },
  };
}
