import { ApiError, NetworkError } from '../api/errors.ts';
import { useDialogs } from '../dialogs/dialog-store.ts';
import { logger } from '../logging/logger.ts';
import { describeError } from './error-catalogue.ts';

/** Ends the session on a 401; set by the session store so that this module does not import it. */
let onUnauthorised: () => void = () => undefined;
export function onReportedUnauthorised(handler: () => void): void {
  onUnauthorised = handler;
}

function log(error: unknown): void {
  if (error instanceof ApiError || error instanceof NetworkError) {
    logger.warn(`HTTP error: ${error.message}`, error);
  } else {
    logger.error(error instanceof Error ? error.message : 'Unexpected error', error);
  }
}

/**
 * The global error handler: HTTP errors are logged as warnings and other errors as errors, then
 * the error catalogue decides the dialog. Aborted requests are not errors.
 */
export function reportError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  log(error);
  const outcome = describeError(error);
  if (outcome.logout) onUnauthorised();
  if (outcome.dialog) void useDialogs.getState().error(outcome.dialog);
}

/**
 * For a failed read (swr's onError): logged like any error, and a 401 that ends the session
 * still logs the user out, but no dialog opens: the screen says inline that its data could not
 * be loaded and offers a retry (src/ui/errors/LoadFailed.tsx). Dialogs are for failed actions.
 */
export function reportReadError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  log(error);
  if (describeError(error).logout) onUnauthorised();
}
