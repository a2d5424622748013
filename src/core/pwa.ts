import { registerSW } from 'virtual:pwa-register';
import { logger } from './logging/logger.ts';
import { onUnrecoverable, onUpdateAvailable, UPDATE_CHECK_INTERVAL_MS } from './pwa-update.ts';

/** The spec's wait before registering the service worker when the app never becomes idle. */
export const SW_REGISTRATION_TIMEOUT_MS = 30_000;

/**
 * Registers the service worker once the page has loaded and the browser is idle, or after
 * 30 s at the latest, so that precaching never competes with the first screen for bandwidth.
 * It then looks for a new version every 2 hours (spec section 4, App update).
 */
export function registerServiceWorkerWhenStable(): void {
  // A chunk that cannot load (its files replaced by a release) leaves the app unusable.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    onUnrecoverable(String((event as Event & { payload?: unknown }).payload));
  });
  if (!('serviceWorker' in navigator)) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh: () => void onUpdateAvailable((reloadNow) => updateSW(reloadNow)),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
      },
      // Without a worker the portal still works, only not offline: not the user's problem.
      onRegisterError: (error: unknown) => logger.warn('Service worker registration failed', error),
    });
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
