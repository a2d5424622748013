/**
 * Whether an error is a lazily loaded chunk that failed to arrive: after a release the old
 * chunk's file is gone from the server, so the page must be reloaded for the new version.
 * Chromium says "Failed to fetch dynamically imported module", Safari "Importing a module script
 * failed", Firefox "error loading dynamically imported module"; webpack-era code names the error
 * ChunkLoadError, and Vite's preloading "Unable to preload CSS".
 */
const CHUNK_LOAD_MESSAGE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_LOAD_MESSAGE.test(message);
}

/** Loads the page again from the server; a function of its own so that tests can replace it. */
export const reloadPage = (): void => {
  window.location.reload();
};
