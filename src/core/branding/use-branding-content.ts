import { preload } from 'swr';
import type { BrandingContent } from '../../../shared/api.ts';
import { apiFetcher, useApi } from '../api/use-api.ts';
import { logger } from '../logging/logger.ts';
import { brandingContentKey, useBranding } from './branding-store.ts';

/** The active brand's custom content (contact, help, login message), cached and shared. */
export function useBrandingContent() {
  const brand = useBranding((s) => s.brand);
  return useApi<BrandingContent>(brandingContentKey(brand), undefined, {
    revalidateOnFocus: false,
    // Without custom content the pages show their defaults; that is no reason for a dialog.
    shouldRetryOnError: false,
    onError: (error: unknown) => {
      logger.info('Branding content could not be loaded', error);
    },
  });
}

/**
 * Starts reading a brand's content at once, beside the theme and the first screen's code rather
 * than after them: the login page shows it. useBrandingContent then finds it under the same key.
 */
export function preloadBrandingContent(brand: string): void {
  preload([brandingContentKey(brand), undefined], apiFetcher<BrandingContent>).catch(
    (error: unknown) => {
      logger.info('Branding content could not be loaded', error);
    },
  );
}
