import { beforeEach, describe, expect, it } from 'vitest';
import { useBrandingContentCache } from '../../src/core/branding/branding-content.ts';
import { useBranding } from '../../src/core/branding/branding-store.ts';
import {
  brandFromHost,
  DEFAULT_BRAND,
  DEMO_BRAND,
  knownBrand,
} from '../../shared/branding/resolve-brand.ts';
import { THEME_NAMES } from '../../src/core/branding/theme-loader.ts';

describe('the brand a host asks for', () => {
  it.each([
    ['localhost', DEFAULT_BRAND],
    ['127.0.0.1', DEFAULT_BRAND],
    ['[::1]', DEFAULT_BRAND],
    ['0.0.0.0', DEFAULT_BRAND],
    ['192.168.1.20', DEFAULT_BRAND],
    ['portal.example.co.uk', DEFAULT_BRAND],
    ['www.example.co.uk', DEFAULT_BRAND],
    ['acme-foods.example.co.uk', 'acme_foods'],
    ['Fenland-Fresh.localhost', 'fenland_fresh'],
    ['coleg-bryn-teg.portal.example.co.uk', 'coleg_bryn_teg'],
    ['demo.example.co.uk.', DEMO_BRAND],
  ])('%s gives %s', (host, brand) => {
    expect(brandFromHost(host, 'portal')).toBe(brand);
  });

  it('falls back to the default brand for a name no theme has', () => {
    expect(knownBrand('no_such_brand', THEME_NAMES)).toBe(DEFAULT_BRAND);
    expect(knownBrand('acme_foods', THEME_NAMES)).toBe('acme_foods');
  });

  it('knows a theme for every seeded provider used here, and the default and demo themes', () => {
    for (const name of [
      DEFAULT_BRAND,
      DEMO_BRAND,
      'fenland_fresh',
      'moorland_vale',
      'acme_foods',
    ]) {
      expect(THEME_NAMES.has(name), name).toBe(true);
    }
  });
});

describe('switching brand', () => {
  beforeEach(() => {
    useBranding.setState({ brand: DEFAULT_BRAND, theme: null });
    useBrandingContentCache.setState({}, true);
  });

  it('clears the cached custom content of the brand it leaves', () => {
    const content = { contact_us_page_content: null, help_page_content: null, login_message: null };
    useBrandingContentCache.setState({ default: { data: content }, acme_foods: { data: content } });
    useBranding.getState().setBrand('fenland_fresh');
    expect(Object.keys(useBrandingContentCache.getState())).toEqual(['acme_foods']);
    useBranding.getState().setBrand('fenland_fresh');
    expect(Object.keys(useBrandingContentCache.getState())).toEqual(['acme_foods']);
  });

  it('switches to a known brand and falls back to default for an unknown one', () => {
    useBranding.getState().setBrand('moorland_vale');
    expect(useBranding.getState().brand).toBe('moorland_vale');
    useBranding.getState().setBrand('not_a_provider');
    expect(useBranding.getState().brand).toBe(DEFAULT_BRAND);
  });

  it('ignores an empty name', () => {
    useBranding.getState().setBrand('acme_foods');
    useBranding.getState().setBrand('');
    expect(useBranding.getState().brand).toBe('acme_foods');
  });

  it('never leaves the demo brand once it is active', () => {
    useBranding.getState().setBrand(DEMO_BRAND);
    useBranding.getState().setBrand('fenland_fresh');
    useBranding.getState().setBrand(DEFAULT_BRAND);
    expect(useBranding.getState().brand).toBe(DEMO_BRAND);
  });
});
