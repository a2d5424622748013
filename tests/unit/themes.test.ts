import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_ROLES,
  contrastRatio,
  deriveRole,
  themeCustomProperties,
  type ThemeFile,
} from '../../src/core/branding/theme-colours.ts';

/*
 * The files are read through Vite's import.meta.glob rather than node:fs: unit tests are type-checked
 * with the browser code (tsconfig.app.json), which has no Node types.
 */
const themeFiles = import.meta.glob<unknown>('../../themes/*/theme.json', {
  eager: true,
  import: 'default',
});
const svgFiles = import.meta.glob<string>('../../themes/*/*.svg', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const schemaFiles = import.meta.glob<object>('../../schemas/*.json', {
  eager: true,
  import: 'default',
});
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const folderOf = (file: string): string => file.split('/').at(-2) ?? '';
const themes = new Map(
  Object.entries(themeFiles).map(([file, theme]) => [folderOf(file), theme as ThemeFile]),
);
const themeNames = [...themes.keys()].sort();
const themeOf = (name: string): ThemeFile => {
  const theme = themes.get(name);
  if (!theme) throw new Error(`no theme ${name}`);
  return theme;
};

// As scripts/validate-config.ts does: every schema known by its $id, strict mode.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
for (const schema of Object.values(schemaFiles)) ajv.addSchema(schema);
const validateTheme = ajv.getSchema('theme.schema.json');

describe('theme schema', () => {
  it('compiles', () => {
    expect(validateTheme).toBeDefined();
  });

  it('gives every property a title and a description', () => {
    const untitled: string[] = [];
    const walk = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const { properties, items } = schema as {
        properties?: Record<string, unknown>;
        items?: unknown;
      };
      for (const [key, property] of Object.entries(properties ?? {})) {
        const { title, description } = property as { title?: unknown; description?: unknown };
        if (typeof title !== 'string' || typeof description !== 'string')
          untitled.push(`${at}/${key}`);
        walk(property, `${at}/${key}`);
      }
      walk(items, `${at}[]`);
    };
    walk(schemaFiles['../../schemas/theme.schema.json'], '');
    expect(untitled).toEqual([]);
  });

  it('rejects an unknown property and a bad colour', () => {
    const theme = structuredClone(themeOf('default')) as unknown as Record<string, unknown>;
    expect(validateTheme?.({ ...theme, extra: true })).toBe(false);
    const layout = { ...themeOf('default').layout, navText: 'white' };
    expect(validateTheme?.({ ...theme, layout })).toBe(false);
  });
});

describe('theme files', () => {
  it('include default, demo and at least 42 organisations', () => {
    expect(themeNames).toContain('default');
    expect(themeNames).toContain('demo');
    expect(themeNames.filter((n) => n !== 'default' && n !== 'demo').length).toBeGreaterThanOrEqual(
      42,
    );
  });

  it('look distinct: no two share both the primary colour and the nav background', () => {
    const looks = themeNames.map((name) => {
      const { colours, layout } = themeOf(name);
      return `${colours.primary.base.toLowerCase()} ${layout.navBackground.toLowerCase()}`;
    });
    expect(new Set(looks).size).toBe(looks.length);
    const primaries = themeNames.map((name) => themeOf(name).colours.primary.base.toLowerCase());
    expect(new Set(primaries).size).toBe(primaries.length);
  });

  describe.each(themeNames)('%s', (name) => {
    const theme = themeOf(name);

    it('matches the schema', () => {
      const valid = validateTheme?.(theme);
      expect(validateTheme?.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    });

    it('is named after its folder', () => {
      expect(theme.name).toBe(name);
    });

    it('has a self-contained, script-free SVG logo', () => {
      const svg = svgFiles[`../../themes/${name}/${theme.logo.file}`];
      if (svg === undefined) throw new Error(`${name}: no ${theme.logo.file}`);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(4096);
      for (const banned of ['<script', '<image', '<foreignObject']) {
        expect(svg.toLowerCase()).not.toContain(banned.toLowerCase());
      }
      const withoutNamespace = svg.replaceAll(SVG_NAMESPACE, '');
      expect(withoutNamespace).not.toMatch(/https?:/i);
      expect(svg).not.toMatch(/\son\w+\s*=/i);
    });

    it('reaches WCAG AA contrast (4.5:1) for every text colour', () => {
      const { colours, layout } = theme;
      const pairs: [string, string, string][] = [
        ...Object.entries(colours).flatMap(([role, c]): [string, string, string][] => [
          [`${role} baseText on base`, c.baseText, c.base],
          [`${role} highlightText on highlight`, c.highlightText, c.highlight],
        ]),
        ['navText on navBackground', layout.navText, layout.navBackground],
        ['tabText on tabBackground', layout.tabText, layout.tabBackground],
        ['tabActiveText on tabActiveBackground', layout.tabActiveText, layout.tabActiveBackground],
      ];
      const failing = pairs
        .map(([what, text, background]) => ({ what, ratio: contrastRatio(text, background) }))
        .filter(({ ratio }) => ratio < 4.5);
      expect(failing).toEqual([]);
    });

    it('keeps the derived text readable (4.5:1) on the derived backgrounds and on white', () => {
      for (const role of COLOUR_ROLES) {
        const derived = deriveRole(theme.colours[role]);
        for (const [label, background] of [
          ['dim', derived.dim],
          ['striped', derived.striped],
          ['hover', derived.hover],
          ['white', '#ffffff'],
        ] as const) {
          expect(
            contrastRatio(derived.text, background),
            `${role} text on ${label}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    });

    it('shows error text in its danger colour readably on white (4.5:1)', () => {
      expect(contrastRatio(theme.colours.danger.base, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    });

    it('leaves room for the logo in the header', () => {
      const { headerHeight, logoHeight, logoTop } = theme.layout;
      expect(logoHeight + logoTop).toBeLessThanOrEqual(headerHeight);
    });
  });
});

describe('deriveRole', () => {
  // #1f6f43 is rgb(31, 111, 67); variants are tints (towards white) and shades (towards black).
  const green = deriveRole({
    base: '#1F6F43',
    baseText: '#FFFFFF',
    highlight: '#dff6e9',
    highlightText: '#1b5f3a',
  });

  it('keeps the given colours, in lower case', () => {
    expect(green).toMatchObject({
      base: '#1f6f43',
      baseText: '#ffffff',
      highlight: '#dff6e9',
      highlightText: '#1b5f3a',
    });
  });

  it('derives the lighter variants as 80%, 70% and 60% tints, keeping the hue', () => {
    expect(green.dim).toBe('#d2e2d9'); // 31 + (255 - 31) × 0.8 = 210 …
    expect(green.striped).toBe('#bcd4c7');
    expect(green.hover).toBe('#a5c5b4');
    expect(green.active).toBe(green.hover);
    expect(contrastRatio(green.dim, green.text)).toBeGreaterThan(7);
  });

  it('derives the border and text as 40% and 60% shades', () => {
    expect(green.border).toBe('#134328'); // 31 × 0.6 = 19 …
    expect(green.text).toBe('#0c2c1b'); // 31 × 0.4 = 12 …
    expect(green.hoverText).toBe(green.text);
  });

  it('moves the accent 20% away: a tint for a dark base, a shade for a light one', () => {
    expect(green.accent).toBe('#4c8c69');
    const light = deriveRole({
      base: '#ffcc80',
      baseText: '#000000',
      highlight: '#fff5e6',
      highlightText: '#4d2e00',
    });
    expect(light.accent).toBe('#cca366');
    expect(light.border).toBe('#997a4d');
    expect(light.text).toBe('#665233');
  });

  it('gives the shadow as the base at 33% opacity', () => {
    expect(green.shadow).toBe('rgba(31, 111, 67, 0.33)');
  });
});

describe('themeCustomProperties', () => {
  const base = themeOf('default');
  const properties = themeCustomProperties({
    ...base,
    layout: { ...base.layout, headerHeight: 5, logoHeight: 3.5, logoTop: 0.75 },
  });

  it('writes layout values in rem', () => {
    expect(properties['--header-height']).toBe('5rem');
    expect(properties['--logo-height']).toBe('3.5rem');
    expect(properties['--logo-top']).toBe('0.75rem');
    expect(properties['--border-radius']).toBe('0.375rem');
  });

  it('writes every role with its text, highlight and derived variants', () => {
    expect(properties['--color-primary']).toBe('#1f6f43');
    expect(properties['--color-primary-text']).toBe('#ffffff');
    expect(properties['--color-primary-fg']).toBe('#0c2c1b');
    expect(properties['--color-danger']).toBe('#b3261e');
    expect(properties['--color-danger-shadow']).toBe('rgba(179, 38, 30, 0.33)');
    for (const role of ['primary', 'secondary', 'success', 'info', 'warning', 'danger']) {
      for (const suffix of [
        '',
        '-text',
        '-highlight',
        '-highlight-text',
        '-dim',
        '-striped',
        '-hover',
        '-active',
        '-border',
        '-accent',
        '-shadow',
        '-fg',
      ]) {
        expect(properties).toHaveProperty([`--color-${role}${suffix}`]);
      }
    }
  });

  it('writes nav, header and tab colours and the fonts, inputs in the body font by default', () => {
    expect(properties['--nav-background']).toBe('#1b3a2a');
    expect(properties['--header-background']).toBe('#ffffff');
    expect(properties['--tab-active-background']).toBe(base.layout.tabActiveBackground);
    expect(properties['--font-headings']).toBe(base.fonts.headings);
    expect(properties['--font-input']).toBe('var(--font-body)');
    const withInput = themeCustomProperties({
      ...base,
      fonts: { ...base.fonts, input: 'Georgia, serif' },
    });
    expect(withInput['--font-input']).toBe('Georgia, serif');
  });
});
