/**
 * A brand theme (themes/<name>/theme.json, see schemas/theme.schema.json) turned into CSS custom
 * properties. Each colour role's lighter, darker and shadow variants are derived from its base as
 * the spec's colour derivation says, read as tints and shades (the base mixed in sRGB with white
 * or black by that percentage, as Bootstrap's tint-color and shade-color do): "80 lighter" is 80%
 * of the way to white. Moving HSL lightness by points instead would turn most bases into plain
 * white or black, losing the brand's hue.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { ThemeFile as GeneratedThemeFile } from '../../../shared/config-types.generated.ts';

extend([a11yPlugin]);

/** A theme.json, typed from schemas/theme.schema.json (npm run gen:config-types). */
export type ThemeFile = GeneratedThemeFile;

export type ColourRole = keyof ThemeFile['colours'];

export const COLOUR_ROLES: readonly ColourRole[] = [
  'primary',
  'secondary',
  'success',
  'info',
  'warning',
  'danger',
];

/** One colour role as a theme gives it; every value is #rrggbb. */
export type RoleColours = ThemeFile['colours']['primary'];

/** A role with its derived variants; all #rrggbb (lower case) except shadow, an rgba() string. */
export interface DerivedRole extends RoleColours {
  /** Dim background: 80% tint. */
  dim: string;
  /** Striped rows: 70% tint. */
  striped: string;
  /** Hover background: 60% tint. */
  hover: string;
  /** Active (pressed) background: 60% tint. */
  active: string;
  /** Border: 40% shade. */
  border: string;
  /** Text in the role's colour on light backgrounds: 60% shade. */
  text: string;
  /** 20% off the base: a shade for a light base, a tint for a dark one. */
  accent: string;
  /** Text on the hover background: the derived text. */
  hoverText: string;
  /** The base at 33% opacity. */
  shadow: string;
}

const hex = (colour: string): string => colord(colour).toHex().toLowerCase();

/** The colour moved `weight` (0-1) of the way towards `towards`, channel by channel in sRGB. */
function mix(colour: string, towards: string, weight: number): string {
  const from = colord(colour).toRgb();
  const to = colord(towards).toRgb();
  const channel = (a: number, b: number) => Math.round(a + (b - a) * weight);
  return colord({
    r: channel(from.r, to.r),
    g: channel(from.g, to.g),
    b: channel(from.b, to.b),
  })
    .toHex()
    .toLowerCase();
}

const lighten = (colour: string, amount: number): string => mix(colour, '#ffffff', amount);
const darken = (colour: string, amount: number): string => mix(colour, '#000000', amount);

/** The role's colours plus the variants derived from its base. */
export function deriveRole(role: RoleColours): DerivedRole {
  const { base } = role;
  const text = darken(base, 0.6);
  return {
    base: hex(base),
    baseText: hex(role.baseText),
    highlight: hex(role.highlight),
    highlightText: hex(role.highlightText),
    dim: lighten(base, 0.8),
    striped: lighten(base, 0.7),
    hover: lighten(base, 0.6),
    active: lighten(base, 0.6),
    border: darken(base, 0.4),
    text,
    accent: colord(base).toHsl().l > 50 ? darken(base, 0.2) : lighten(base, 0.2),
    hoverText: text,
    shadow: colord(base).alpha(0.33).toRgbString(),
  };
}

/** Variant → custom property suffix; the derived text is "-fg", since "-text" is baseText. */
const VARIANT_PROPERTIES = [
  ['dim', 'dim'],
  ['striped', 'striped'],
  ['hover', 'hover'],
  ['active', 'active'],
  ['border', 'border'],
  ['accent', 'accent'],
  ['shadow', 'shadow'],
  ['text', 'fg'],
] as const satisfies readonly (readonly [keyof DerivedRole, string])[];

const rem = (value: number): string => `${String(value)}rem`;

/** The CSS custom properties a theme sets, by property name (with the leading "--"). */
export function themeCustomProperties(theme: ThemeFile): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const role of COLOUR_ROLES) {
    const derived = deriveRole(theme.colours[role]);
    const prefix = `--color-${role}`;
    properties[prefix] = derived.base;
    properties[`${prefix}-text`] = derived.baseText;
    properties[`${prefix}-highlight`] = derived.highlight;
    properties[`${prefix}-highlight-text`] = derived.highlightText;
    for (const [variant, suffix] of VARIANT_PROPERTIES) {
      properties[`${prefix}-${suffix}`] = derived[variant];
    }
  }
  const { layout, fonts } = theme;
  Object.assign(properties, {
    '--header-height': rem(layout.headerHeight),
    '--logo-height': rem(layout.logoHeight),
    '--logo-top': rem(layout.logoTop),
    '--nav-background': hex(layout.navBackground),
    '--nav-text': hex(layout.navText),
    '--header-background': hex(layout.headerBackground),
    '--border-radius': rem(layout.borderRadius),
    '--button-radius': rem(layout.buttonRadius),
    '--tab-background': hex(layout.tabBackground),
    '--tab-text': hex(layout.tabText),
    '--tab-active-background': hex(layout.tabActiveBackground),
    '--tab-active-text': hex(layout.tabActiveText),
    '--font-headings': fonts.headings,
    '--font-nav-link': fonts.navLink,
    '--font-btn': fonts.btn,
    '--font-input': fonts.input ?? 'var(--font-body)',
  });
  return properties;
}

/** WCAG contrast ratio of two colours, 1 to 21 (colord rounds it down to two decimals). */
export function contrastRatio(a: string, b: string): number {
  return colord(a).contrast(b);
}
