import type { ComponentType } from 'react';

/** What a screen module exports: its page component, loaded when its route is first visited. */
export interface ScreenModule {
  default: ComponentType;
}

export type ScreenLoader = () => Promise<ScreenModule>;

const screens = new Map<string, ScreenLoader>();

/** Screens register under the name config/routes.json uses; a name is registered once. */
export function registerScreen(name: string, load: ScreenLoader): void {
  if (screens.has(name)) throw new Error(`Screen "${name}" is already registered.`);
  screens.set(name, load);
}

export function screenLoader(name: string): ScreenLoader | undefined {
  return screens.get(name);
}

export function registeredScreens(): string[] {
  return [...screens.keys()].sort();
}
