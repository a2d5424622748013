/**
 * A database driver's error carries the driver's stack, not the code that ran the query, so the
 * error object's thrown_from and backtrace (outside production) would point nowhere useful. This
 * gives the error the stack of the awaiting callers instead (V8's async stack traces), keeping its
 * message and fields.
 */
export function withCallerStack(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const here = new Error(error.message).stack ?? '';
  // Drop this helper's own frame; the frames after it are the query wrapper and its callers.
  const frames = here.split('\n').slice(2);
  error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n');
  return error;
}
