import { create } from 'zustand';
import { appConfig } from '../config.ts';
import {
  brandFromHost,
  DEFAULT_BRAND,
  DEMO_BRAND,
  knownBrand,
} from '../../../shared/branding/resolve-brand.ts';
import { forgetBrandingContent } from './branding-content.ts';
import { loadTheme, THEME_NAMES, type LoadedTheme } from './theme-loader.ts';

interface BrandingState {
  /** The active brand's name: a theme folder and the key of its custom content. */
  brand: string;
  /** The active brand's loaded theme (logo, display options); null until it has loaded. */
  theme: LoadedTheme | null;
  /** Switches brand; the demo brand, once active, is never left; unknown names give default. */
  setBrand: (name: string) => void;
}

/** The brand the site's own host asks for: what a visitor sees before anyone logs in. */
export const hostBrand = () =>
  typeof window === 'undefined'
    ? DEFAULT_BRAND
    : knownBrand(brandFromHost(window.location.hostname, appConfig.productLabel), THEME_NAMES);

export const useBranding = create<BrandingState>()((set, get) => ({
  brand: hostBrand(),
  theme: null,
  setBrand(name) {
    const current = get().brand;
    if (current === DEMO_BRAND || name === '') return;
    const next = knownBrand(name, THEME_NAMES);
    if (next === current) return;
    // The old brand's custom content goes; the new brand's is fetched when next shown.
    forgetBrandingContent(current);
    set({ brand: next });
  },
}));

let loading = 0;
let applying: Promise<void> = Promise.resolve();

/** Loads and applies the active brand's theme; a later switch wins over an earlier load. */
function applyBrand(brand: string): Promise<void> {
  const ticket = ++loading;
  applying = loadTheme(brand).then((theme) => {
    if (ticket === loading && theme) useBranding.setState({ theme });
  });
  return applying;
}

/** Settles once the theme of the latest brand switch has loaded (or failed to). */
export const themeApplied = (): Promise<void> => applying;

/**
 * Keeps <html data-brand> and the theme in step with the active brand. Resolves once the first
 * theme has loaded, so the first render already wears it.
 */
export async function applyBranding(): Promise<void> {
  const reflect = (brand: string) => {
    document.documentElement.dataset.brand = brand;
  };
  const { brand } = useBranding.getState();
  reflect(brand);
  useBranding.subscribe((state, previous) => {
    if (state.brand === previous.brand) return;
    reflect(state.brand);
    void applyBrand(state.brand);
  });
  await applyBrand(brand);
}
