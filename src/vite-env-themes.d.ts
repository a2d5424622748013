/** A theme as the browser gets it: its built stylesheet and the URLs of its files. */
interface LoadedThemeModule {
  name: string;
  displayName: string;
  logo: string;
  logoAlt: string;
  display: { hideUnitBadges: boolean; hideSchemeLabel: boolean };
  css: string;
  /** Fonts the theme ships: registered with document.fonts while the theme is active. */
  fonts: { family: string; weight: string; style: string; url: string }[];
}

declare module 'virtual:themes' {
  const themes: {
    names: readonly string[];
    loaders: Record<string, () => Promise<{ default: LoadedThemeModule }>>;
  };
  export default themes;
}

declare module 'virtual:themes/display-names' {
  /** Organisation names by theme name, for pickers that must not load every theme. */
  const displayNames: Record<string, string>;
  export default displayNames;
}
