import { create } from 'zustand';
import { appConfig } from '../config.ts';
import { brandFromHost, DEMO_BRAND } from './resolve-brand.ts';

interface BrandingState {
  /** The active brand's name: a theme folder and the key of its custom content. */
  brand: string;
  /** Switches brand; the demo brand, once active, is never left. */
  setBrand: (name: string) => void;
}

const initialBrand = () =>
  typeof window === 'undefined'
    ? 'default'
    : brandFromHost(window.location.hostname, appConfig.productLabel);

export const useBranding = create<BrandingState>()((set, get) => ({
  brand: initialBrand(),
  setBrand(name) {
    const current = get().brand;
    if (current === DEMO_BRAND || name === current || name === '') return;
    set({ brand: name });
  },
}));

/** The brand on <html data-brand>, for themes and for tests. */
export function reflectBrandOnDocument(): () => void {
  document.documentElement.dataset.brand = useBranding.getState().brand;
  return useBranding.subscribe((s) => {
    document.documentElement.dataset.brand = s.brand;
  });
}
