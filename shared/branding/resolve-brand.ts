/**
 * The brand a host asks for, read alike by the portal (the theme it wears before anyone logs in)
 * and the server (the theme chunk its index.html preloads for that host).
 */
export const DEFAULT_BRAND = 'default';
export const DEMO_BRAND = 'demo';

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$/i;
const IP_ADDRESS = /^(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\])$/i;

/**
 * The brand a host asks for: its first label with dashes turned into underscores. A local address,
 * a bare IP or the product's own label gives the default brand; "acme-foods.localhost" gives
 * acme_foods, so brands can be tried locally.
 */
export function brandFromHost(hostname: string, productLabel: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || LOCAL_HOST.test(host) || IP_ADDRESS.test(host)) return DEFAULT_BRAND;
  const first = host.split('.')[0] ?? '';
  if (first === '' || first === productLabel || first === 'www') return DEFAULT_BRAND;
  return first.replaceAll('-', '_');
}

/** The brand itself when a theme of that name exists, else the default brand. */
export function knownBrand(name: string, themeNames: ReadonlySet<string>): string {
  return themeNames.has(name) ? name : DEFAULT_BRAND;
}
