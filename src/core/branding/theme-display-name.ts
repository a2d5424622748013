import displayNames from 'virtual:themes/display-names';

/** The organisation a theme dresses the portal for, by theme name. */
export const themeDisplayName = (name: string): string => displayNames[name] ?? name;
