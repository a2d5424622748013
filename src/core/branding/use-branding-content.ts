import { useEffect } from 'react';
import type { BrandingContent } from '../../../shared/api.ts';
import { readBrandingContent, useBrandingContentCache } from './branding-content.ts';
import { useBranding } from './branding-store.ts';

export interface BrandingContentRead {
  data: BrandingContent | undefined;
  error: unknown;
  /** No content yet and a read under way (or about to start). */
  isLoading: boolean;
}

/** The active brand's custom content (contact, help, login message), cached and shared. */
export function useBrandingContent(): BrandingContentRead {
  const brand = useBranding((s) => s.brand);
  const entry = useBrandingContentCache((s) => s[brand]);
  useEffect(() => {
    readBrandingContent(brand);
  }, [brand]);
  return {
    data: entry?.data,
    error: entry?.error,
    isLoading: entry?.data === undefined && (entry === undefined || entry.reading !== undefined),
  };
}

/**
 * Starts reading a brand's content at once, beside the theme and the first screen's code rather
 * than after them: the login page shows it. useBrandingContent then finds it in the cache.
 */
export const preloadBrandingContent = readBrandingContent;
