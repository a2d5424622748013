import type { ComponentType } from 'react';

/** What a screen module exports: its page component, loaded when its route is first visited. */
export interface ScreenModule {
  default: ComponentType;
}

export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * The JSON Schema (2020-12) of the "options" a route of config/routes.json may give a screen: an
 * object schema naming every option, closed to others. validate:config checks each route's options
 * against its screen's schema.
 */
export interface ScreenOptionsSchema {
  type: 'object';
  properties: Readonly<Record<string, object>>;
  required?: readonly string[];
  additionalProperties: false;
}

/**
 * What a screen declares about itself, without its component: plain data that
 * `npm run validate:config` imports in Node to check config/routes.json.
 */
export interface ScreenDeclaration {
  /** The name config/routes.json uses in "screen". */
  name: string;
  /** The options its routes may set; a screen without a schema takes no options. */
  options?: ScreenOptionsSchema;
  /**
   * The option that names the record type the screen shows (config/records/<name>.json):
   * validate:config checks the file exists and that the route's condition requires its rule.
   */
  recordTypeOption?: string;
}

/** A screen as the engine registers it: its declaration and its lazily loaded component. */
export interface ScreenDescriptor extends ScreenDeclaration {
  load: ScreenLoader;
}

const screens = new Map<string, ScreenDescriptor>();

/** Screens register under the name config/routes.json uses; a name is registered once. */
export function registerScreen(descriptor: ScreenDescriptor): void {
  if (screens.has(descriptor.name))
    throw new Error(`Screen "${descriptor.name}" is already registered.`);
  screens.set(descriptor.name, descriptor);
}

export function screenLoader(name: string): ScreenLoader | undefined {
  return screens.get(name)?.load;
}

export function registeredScreens(): string[] {
  return [...screens.keys()].sort();
}
