import type { BrandingContent } from '../../../shared/api.ts';
import { useApi } from '../api/use-api.ts';
import { useBranding } from './branding-store.ts';

/** The active brand's custom content (contact, help, login message), cached and shared. */
export function useBrandingContent() {
  const brand = useBranding((s) => s.brand);
  return useApi<BrandingContent>(`/branding/${encodeURIComponent(brand)}`, undefined, {
    revalidateOnFocus: false,
    // A missing brand has no content; that is no reason to interrupt the visitor.
    shouldRetryOnError: false,
  });
}
