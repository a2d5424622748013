import themes from 'virtual:themes';
import { logger } from '../logging/logger.ts';

export type LoadedTheme = LoadedThemeModule;

/** Every theme folder the build knows (themes/<name>/theme.json). */
export const THEME_NAMES: ReadonlySet<string> = new Set(themes.names);

let sheet: CSSStyleSheet | null = null;
let faces: FontFace[] = [];

/** Swaps the previous theme's embedded fonts for this theme's; each downloads on first use. */
function registerFonts(fonts: LoadedTheme['fonts']): void {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  for (const face of faces) document.fonts.delete(face);
  faces = fonts.map(
    (font) =>
      new FontFace(font.family, `url(${JSON.stringify(font.url)}) format('woff2')`, {
        weight: font.weight,
        style: font.style,
        display: 'swap',
      }),
  );
  for (const face of faces) document.fonts.add(face);
}

/**
 * Puts the theme's stylesheet in place of the previous one. A constructed stylesheet is CSSOM,
 * so it needs no 'unsafe-inline' under the portal's Content-Security-Policy.
 */
function adopt(css: string): void {
  if (typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const next = new CSSStyleSheet();
  next.replaceSync(css);
  const others = document.adoptedStyleSheets.filter((s) => s !== sheet);
  document.adoptedStyleSheets = [...others, next];
  sheet = next;
}

/** Fetches a theme's chunk without applying it, so that a switch to it soon after is quick. */
export function preloadTheme(name: string): void {
  themes.loaders[name]?.().catch(() => undefined);
}

/** Loads one theme's chunk (its CSS, logo and font URLs) and applies its CSS and fonts. */
export async function loadTheme(name: string): Promise<LoadedTheme | null> {
  const load = themes.loaders[name];
  if (!load) return null;
  try {
    const theme = (await load()).default;
    adopt(theme.css);
    registerFonts(theme.fonts);
    return theme;
  } catch (error) {
    // A missing chunk (e.g. a new release replaced the files) leaves the previous look in place.
    logger.error(`Theme "${name}" could not be loaded`, error);
    return null;
  }
}
