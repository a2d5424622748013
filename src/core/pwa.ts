import { registerSW } from 'virtual:pwa-register';

/** The spec's wait before registering the service worker when the app never becomes idle. */
export const SW_REGISTRATION_TIMEOUT_MS = 30_000;

/**
 * Registers the service worker once the page has loaded and the browser is idle, or after
 * 30 s at the latest, so that precaching never competes with the first screen for bandwidth.
 */
export function registerServiceWorkerWhenStable(): void {
  if (!('serviceWorker' in navigator)) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    void registerSW({ immediate: true });
  };
  const onLoad = () => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(register, { timeout: SW_REGISTRATION_TIMEOUT_MS });
    else setTimeout(register, 0);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  setTimeout(register, SW_REGISTRATION_TIMEOUT_MS);
}
