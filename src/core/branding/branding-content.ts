import { create } from 'zustand';
import type { BrandingContent } from '../../../shared/api.ts';
import { apiGet } from '../api/client.ts';
import { logger } from '../logging/logger.ts';

/** A brand's custom content as read so far: being read, read, or failed (then read again). */
export interface BrandingContentEntry {
  data?: BrandingContent;
  error?: unknown;
  /** The read under way, if one is. */
  reading?: Promise<void>;
}

export const brandingContentPath = (brand: string) => `/branding/${encodeURIComponent(brand)}`;

/**
 * The brands' custom content (contact, help, login message) by brand name: each brand's read once
 * and shared by every screen that shows it. A small cache of its own rather than swr's, so that
 * the login page, which shows the login message, needs no data-fetching library; a brand switched
 * away from is forgotten (branding-store.ts), as the spec asks.
 */
export const useBrandingContentCache = create<Record<string, BrandingContentEntry>>(() => ({}));

/**
 * Starts reading a brand's content unless it has been read or is being read; a failed read is
 * tried again the next time something asks. Without content the pages show their defaults, so a
 * failure is logged, never shown.
 */
export function readBrandingContent(brand: string): void {
  const cache = useBrandingContentCache;
  const entry = cache.getState()[brand];
  if (entry?.data !== undefined || entry?.reading !== undefined) return;
  const settle = (next: BrandingContentEntry) => {
    // Only the read still wanted settles: the brand may have been forgotten meanwhile.
    if (cache.getState()[brand]?.reading === reading) cache.setState({ [brand]: next });
  };
  const reading: Promise<void> = apiGet<BrandingContent>(brandingContentPath(brand)).then(
    (data) => {
      settle({ data });
    },
    (error: unknown) => {
      logger.info('Branding content could not be loaded', error);
      settle({ error });
    },
  );
  cache.setState({ [brand]: { ...entry, reading } });
}

/** Drops a brand's content, read or being read: the next screen to show it reads it again. */
export function forgetBrandingContent(brand: string): void {
  const { [brand]: forgotten, ...others } = useBrandingContentCache.getState();
  if (forgotten !== undefined) useBrandingContentCache.setState(others, true);
}
