import { ApiError, NetworkError } from '../api/errors.ts';
import { useDialogs } from '../dialogs/dialog-store.ts';
import { logger } from '../logging/logger.ts';
import { describeError } from './error-catalogue.ts';

/** Ends the session on a 401; set by the session store so that this module does not import it. */
let onUnauthorised: () => void = () => undefined;
export function onReportedUnauthorised(handler: () => void): void {
  onUnauthorised = handler;
}

/**
 * The global error handler: HTTP errors are logged as warnings and other errors as errors, then
 * the error catalogue decides the dialog. Aborted requests are not errors.
 */
export function reportError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError || error instanceof NetworkError) {
    logger.warn(`HTTP error: ${error.message}`, error);
  } else {
    logger.error(error instanceof Error ? error.message : 'Unexpected error', error);
  }
  const outcome = describeError(error);
  if (outcome.logout) onUnauthorised();
  if (outcome.dialog) void useDialogs.getState().error(outcome.dialog);
}
