/**
 * The client side of `npm run bench:api`: plain and signed requests over one keep-alive agent, the
 * closed loop that measures a scenario, and percentiles.
 *
 * The load is generated here rather than with a benchmarking package because every signed request
 * needs its own nonce and HMAC (shared/signing.ts), which a generic load generator cannot make.
 */
import { Agent, request as httpRequest } from 'node:http';
import appConfig from '../../config/app.json' with { type: 'json' };
import type { ApiSuccess, AuthResponse, AuthToken } from '../../shared/api.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader, signatureHeaders } from '../../shared/signing.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One server's client: its address, the anti-forgery cookie it set, and a keep-alive agent. */
export class BenchClient {
  private agent: Agent;
  private xsrf = '';

  constructor(
    private readonly baseUrl: string,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** Reads the anti-forgery cookie the server hands out, as a browser would on its first GET. */
  async start(): Promise<void> {
    const health = await this.send('GET', '/api/health', {});
    const cookie = [health.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF'));
    this.xsrf = cookie?.split(';')[0]?.split('=')[1] ?? '';
  }

  /** A fresh agent for `sockets` connections (the set-up's connections are not the load's). */
  resize(sockets: number): void {
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  close(): void {
    this.agent.destroy();
  }

  send(
    method: string,
    pathWithQuery: string,
    headers: Record<string, string>,
    body = '',
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const url = new URL(pathWithQuery, this.baseUrl);
      const req = httpRequest(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            [AuthHeader.ApplicationKey]: appConfig.applicationKey,
            [AuthHeader.AntiForgery]: this.xsrf,
            cookie: `${ANTI_FORGERY_COOKIE}=${this.xsrf}`,
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
  async signed(token: AuthToken, method: string, pathWithQuery: string, body = '') {
    const headers = await signatureHeaders(token, {
      method,
      url: pathWithQuery,
      body,
      serverNowMs: Date.now(),
    });
    return this.send(method, pathWithQuery, headers, body);
  }

  /** A signed GET whose answer must be 200; its data. */
  async getData<T>(token: AuthToken, pathWithQuery: string): Promise<T> {
    const answer = await this.signed(token, 'GET', pathWithQuery);
    if (answer.status !== 200) {
      throw new Error(`GET ${pathWithQuery} answered ${String(answer.status)}: ${answer.body}`);
    }
    return (JSON.parse(answer.body) as ApiSuccess<T>).data;
  }

  loginRequest(username: string): Promise<Answer> {
    return this.send(
      'POST',
      '/api/authenticate?api_action=login',
      {},
      JSON.stringify({ username, password: DEMO_PASSWORD }),
    );
  }

  async login(username: string): Promise<AuthResponse> {
    const answer = await this.loginRequest(username);
    if (answer.status !== 200) throw new Error(`Login as ${username} failed: ${answer.body}`);
    return (JSON.parse(answer.body) as ApiSuccess<AuthResponse>).data;
  }
}

export interface Result {
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

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

/** The percentiles of some latencies, in the shape of a Result's. */
export function latencyFigures(latencies: readonly number[]) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? NaN,
  };
}

export interface LoopOptions {
  concurrency: number;
  warmUpS: number;
  durationS: number;
}

/** A closed loop of `concurrency` clients; only the answers after the warm-up are counted. */
export async function runClosedLoop(
  scenario: string,
  { concurrency, warmUpS, durationS }: LoopOptions,
  call: (i: number) => Promise<Answer>,
  expectedStatus: number,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let sequence = 0;
  const start = performance.now();
  const measureFrom = start + warmUpS * 1000;
  const end = measureFrom + durationS * 1000;
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
  process.stdout.write(' done\n');
  return {
    scenario,
    concurrency,
    requests: latencies.length,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    ...latencyFigures(latencies),
    errors,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** Columns padded to their widest cell; the first left-aligned, the rest right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
