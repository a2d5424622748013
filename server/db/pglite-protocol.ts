/**
 * The messages between the server's thread and the thread that runs the embedded database
 * (pglite-thread.ts, pglite-worker.ts). Rows, parameters and errors cross by structured clone.
 */

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      tx: number | undefined;
      plan: 'shared' | 'per-call';
    }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error as plain data: its message and PostgreSQL's fields (code, detail, …). */
export interface ErrorData {
  message: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorData }
  | { notice: { channel: string; payload: string } };

/** What the worker is started with (workerData). */
export interface WorkerStart {
  dataDir: string;
}

/** The fields of a PostgreSQL error worth keeping (pg and PGlite both name them so). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'where',
] as const;

export function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  const source = error as unknown as Record<string, unknown>;
  for (const name of ERROR_FIELDS) {
    const value = source[name];
    if (value !== undefined) fields[name] = value;
  }
  return { message: error.message, fields };
}

export function errorFrom(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}
