/**
 * Vite plugin: `import themes from 'virtual:themes'` gives the theme names and a loader per theme
 * (`virtual:themes/display-names` the organisation each dresses the portal for, which only a few
 * screens show and the first load does without);
 * each loader imports `virtual:themes/theme-<name>`, a chunk of its own holding the theme's CSS
 * (custom properties with the derived colours, computed here at build time, then its css blocks)
 * and the URLs of its logo and embedded fonts. The browser so fetches only the active theme's CSS, logo
 * and fonts, and computes no colours.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { themeCustomProperties, type ThemeFile } from '../../src/core/branding/theme-colours.ts';

const INDEX = 'virtual:themes';
const DISPLAY_NAMES = `${INDEX}/display-names`;
const PREFIX = `${INDEX}/theme-`;
const RESOLVED_PREFIX = `\0${PREFIX}`;

/**
 * Where the build lists each theme's chunk, { name: "/assets/theme-<name>-<hash>.js" }, for the
 * server to preload the host's theme beside the app (server/http/index-page.ts). Under .vite/, as
 * Vite's own manifest is: the server never serves it.
 */
export const THEME_CHUNKS_FILE = '.vite/theme-chunks.json';

/** The medium breakpoint: desktop css from here up, other-device css below it. */
export const MEDIUM_BREAKPOINT_PX = 768;

export function themeNames(themesDir: string): string[] {
  return readdirSync(themesDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(path.join(themesDir, entry.name, 'theme.json')),
    )
    .map((entry) => entry.name)
    .sort();
}

/** The theme's stylesheet: its custom properties, then its own css blocks. */
export function themeCss(theme: ThemeFile): string {
  const properties = Object.entries(themeCustomProperties(theme))
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  const blocks = [
    `:root {\n${properties}\n}`,
    theme.css?.generic ?? '',
    theme.css?.desktop
      ? `@media (min-width: ${String(MEDIUM_BREAKPOINT_PX)}px) {\n${theme.css.desktop}\n}`
      : '',
    theme.css?.otherDevice
      ? `@media (max-width: ${String(MEDIUM_BREAKPOINT_PX - 0.02)}px) {\n${theme.css.otherDevice}\n}`
      : '',
  ];
  return blocks.filter(Boolean).join('\n');
}

export function themes(themesDir: string): Plugin {
  return {
    name: 'fdp-themes',
    resolveId(id) {
      return id === INDEX || id === DISPLAY_NAMES || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        const facade = output.type === 'chunk' ? output.facadeModuleId : null;
        if (output.type === 'chunk' && facade?.startsWith(RESOLVED_PREFIX)) {
          chunks[facade.slice(RESOLVED_PREFIX.length)] = `/${output.fileName}`;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: THEME_CHUNKS_FILE,
        source: JSON.stringify(chunks, null, 2),
      });
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const names = themeNames(themesDir);
        const loaders = names.map(
          (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(PREFIX + name)}),`,
        );
        return `export default {\n  names: ${JSON.stringify(names)},\n  loaders: {\n${loaders.join('\n')}\n  },\n};\n`;
      }
      if (id === `\0${DISPLAY_NAMES}`) {
        const names = themeNames(themesDir);
        const displayNames = Object.fromEntries(
          names.map((name) => {
            const file = path.join(themesDir, name, 'theme.json');
            this.addWatchFile(file);
            return [name, (JSON.parse(readFileSync(file, 'utf8')) as ThemeFile).displayName];
          }),
        );
        return `export default ${JSON.stringify(displayNames)};\n`;
      }
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Bad theme name "${name}"`);
      const folder = path.join(themesDir, name);
      const file = path.join(folder, 'theme.json');
      this.addWatchFile(file);
      const theme = JSON.parse(readFileSync(file, 'utf8')) as ThemeFile;
      const fonts = theme.fonts.embedded ?? [];
      const imports = [
        `import logo from ${JSON.stringify(`${path.join(folder, theme.logo.file)}?url`)};`,
        ...fonts.map(
          (font, index) =>
            `import font${String(index)} from ${JSON.stringify(`${path.join(folder, font.relWoffPath)}?url`)};`,
        ),
      ];
      // Embedded fonts are registered through the Font Loading API, with their built URLs.
      const fontList = fonts.map(
        (font, index) =>
          `{ family: ${JSON.stringify(font.familyName)}, weight: ${JSON.stringify(String(font.weight))}, style: ${JSON.stringify(font.fontStyle)}, url: font${String(index)} }`,
      );
      return `${imports.join('\n')}
export default {
  name: ${JSON.stringify(theme.name)},
  displayName: ${JSON.stringify(theme.displayName)},
  logo,
  logoAlt: ${JSON.stringify(theme.logo.alt)},
  display: ${JSON.stringify(theme.display)},
  css: ${JSON.stringify(themeCss(theme))},
  fonts: [${fontList.join(', ')}],
};
`;
    },
  };
}
