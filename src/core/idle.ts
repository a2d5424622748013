/** The longest the page waits for the browser to be idle before going on anyway. */
export const IDLE_TIMEOUT_MS = 2000;

let idle: Promise<void> | null = null;

/**
 * Resolves once the page has loaded and the browser is idle (at most IDLE_TIMEOUT_MS after the
 * load): when what the first paint did without may load without competing with it.
 */
export function whenIdle(): Promise<void> {
  idle ??= new Promise((resolve) => {
    const afterLoad = () => {
      if ('requestIdleCallback' in window)
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return idle;
}
