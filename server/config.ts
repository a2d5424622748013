import path from 'node:path';
import { projectPath, RUNS_FROM_SOURCE } from './project-root.ts';

export interface ServerConfig {
  host: string;
  port: number;
  /** Where the embedded database lives when DATABASE_URL is unset. */
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  logLevel: string;
  /** The built portal (default: the checkout's dist/); undefined serves the API alone (STATIC_DIR=). */
  staticDir: string | undefined;
  trustProxy: boolean;
  /**
   * FAIL_REQUESTS_MATCHING: requests whose URL (path and query) matches this pattern fail with
   * an internal error, so that the portal's handling of a server failure can be tested end to
   * end. Unset in every real deployment; the server logs a warning when it is set.
   */
  failRequestsMatching: RegExp | undefined;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '0.0.0.0',
    port: port(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // The production bundle (npm start: node dist-server/main.js) is production unless NODE_ENV
    // says otherwise, so started by hand it never shows error details; from source (npm run dev,
    // the tests) only NODE_ENV=production is.
    production: (env.NODE_ENV ?? (RUNS_FROM_SOURCE ? '' : 'production')) === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    staticDir:
      env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR ?? projectPath('dist')),
    failRequestsMatching: env.FAIL_REQUESTS_MATCHING
      ? new RegExp(env.FAIL_REQUESTS_MATCHING)
      : undefined,
  };
}
