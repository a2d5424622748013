/**
 * Fields of a driver's error that can hold what a client sent: PGlite's `params` (the query's
 * parameters), and PostgreSQL's `detail` ("Key (username)=(…) already exists", "Failing row
 * contains (…)") and `where` ("JSON data, line 1: …", "unnamed portal parameter $4 = '…'").
 * The SQL text (`query`), the SQLSTATE `code` and the message are the server's own and stay.
 */
const CLIENT_DATA_FIELDS = ['params', 'detail', 'where'] as const;

/**
 * Data exceptions (SQLSTATE class 22) quote the offending value in the message itself:
 * `invalid input syntax for type integer: "…"`, `value "…" is out of range for type integer`.
 */
const DATA_EXCEPTION = /^22/;
const QUOTED = /"(?:[^"]|"")*"/g;

/**
 * Makes a driver's error fit for the server log, which an error reaches whole through pino's
 * error serializer: everything a client may have supplied is taken out, so that a failed query
 * never writes a user's values (a password, a record's notes) into the log.
 */
function withoutClientData(error: Error): void {
  for (const field of CLIENT_DATA_FIELDS) Reflect.deleteProperty(error, field);
  const { code } = error as Error & { code?: unknown };
  if (typeof code === 'string' && DATA_EXCEPTION.test(code)) {
    error.message = error.message.replace(QUOTED, '"…"');
  }
}

/**
 * A database driver's error carries the driver's stack, not the code that ran the query, so the
 * error object's thrown_from and backtrace (outside production) would point nowhere useful. This
 * gives the error the stack of the awaiting callers instead (V8's async stack traces), keeping its
 * message and fields, less those that hold client data (above).
 */
export function withCallerStack(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  withoutClientData(error);
  const here = new Error(error.message).stack ?? '';
  // Drop this helper's own frame; the frames after it are the query wrapper and its callers.
  const frames = here.split('\n').slice(2);
  error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n');
  return error;
}
