import { availableParallelism } from 'node:os';
import { retryLater } from '../http/errors.ts';

/**
 * Every scrypt hash a request causes (login, the dummy check for an unknown username, a password
 * change) runs through one bounded queue per process. Each hash takes about 128 MiB and half a
 * second of CPU, and Node runs it on the libuv thread pool (UV_THREADPOOL_SIZE, 4 by default),
 * which file reads (the portal's static files) and DNS lookups (PostgreSQL's host) share in
 * first-come order. Unbounded, a login burst would queue hundreds of hashes there, hold their
 * memory and starve everything else. So at most `concurrency` hashes run at once (by default
 * the CPUs, but always leaving a pool thread free for files and DNS), `queue` more wait, and
 * past that the request is answered 503 with Retry-After at once, so a client retries later or
 * elsewhere instead of waiting on a server that cannot catch up.
 */
export interface WorkLimits {
  concurrency: number;
  queue: number;
}

/** What one hash costs, until measured: OWASP's scrypt cost on a typical server core. */
const INITIAL_ESTIMATE_MS = 500;

export const BUSY_MESSAGE = 'The server is busy signing other people in. Please try again shortly.';

export class BoundedWork {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  #averageMs = INITIAL_ESTIMATE_MS;

  constructor(readonly limits: WorkLimits) {}

  /** False when a new task would be refused: cheap to ask before doing any other work. */
  hasRoom(): boolean {
    return this.#running < this.limits.concurrency || this.#waiting.length < this.limits.queue;
  }

  /** Seconds until a place in the queue is likely to be free. */
  retryAfterSeconds(): number {
    const ahead = this.#waiting.length + this.#running;
    return Math.max(1, Math.ceil((ahead * this.#averageMs) / this.limits.concurrency / 1000));
  }

  busy() {
    return retryLater(503, BUSY_MESSAGE, this.retryAfterSeconds());
  }

  /** Runs task when a slot is free; throws the 503 when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.limits.concurrency) this.#running += 1;
    else if (this.#waiting.length < this.limits.queue) {
      // The finishing task hands its slot straight to the next waiter (see below).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else throw this.busy();
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    throw new Error(`${name} must be a whole number from 1 to 1000, got "${text}"`);
  }
  return n;
}

/** PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE, or the defaults described above. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkLimits {
  // Node reads this one itself (1 to 1024); here it only caps the default.
  const pool = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10) || 4;
  const concurrency = positiveInteger(
    env,
    'PASSWORD_HASH_CONCURRENCY',
    Math.max(1, Math.min(availableParallelism(), pool - 1)),
  );
  return {
    concurrency,
    queue: positiveInteger(env, 'PASSWORD_HASH_QUEUE', Math.max(8, 4 * concurrency)),
  };
}

// One per process, like the thread pool and the memory it protects.
let work = new BoundedWork(limitsFromEnv());

export const passwordWork = (): BoundedWork => work;

/** For tests, which need limits that do not depend on the machine. */
export function setPasswordWorkLimits(limits: WorkLimits): void {
  work = new BoundedWork(limits);
}
