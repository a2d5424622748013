import type { ComponentType } from 'react';
import type { LastActive } from '../core/account/last-active.ts';
import type { ApiRead } from '../core/api/started-reads.ts';
import type { ScreenDeclaration } from './screen-declaration.ts';

export type { ScreenDeclaration, ScreenOptionsSchema } from './screen-declaration.ts';

/** What a screen module exports: its page component, loaded when its route is first visited. */
export interface ScreenModule {
  default: ComponentType;
}

export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * The reads a screen makes as soon as it draws, for the farm, unit and plan the user last had
 * active: a reload of the screen's page begins them beside its code (src/app/start-page.ts).
 */
export type StartReads = (account: LastActive) => readonly ApiRead[];

/** A screen as the engine registers it: its declaration and its lazily loaded component. */
export interface ScreenDescriptor extends ScreenDeclaration {
  load: ScreenLoader;
  startReads?: StartReads;
}

interface RegisteredScreen extends ScreenDescriptor {
  /** The screen's module once its code has arrived. */
  loaded?: ScreenModule;
}

const screens = new Map<string, RegisteredScreen>();

/**
 * Screens register under the name config/routes.json uses; a name is registered once. Its code
 * is fetched once however often it is asked for (a retry after a failure fetches it again).
 */
export function registerScreen(descriptor: ScreenDescriptor): void {
  if (screens.has(descriptor.name))
    throw new Error(`Screen "${descriptor.name}" is already registered.`);
  let loading: Promise<ScreenModule> | undefined;
  const screen: RegisteredScreen = {
    ...descriptor,
    load: () =>
      (loading ??= descriptor.load().then(
        (module) => (screen.loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  screens.set(descriptor.name, screen);
}

export function screenLoader(name: string): ScreenLoader | undefined {
  return screens.get(name)?.load;
}

/** The screen's module if its code has already arrived, else undefined. */
export function loadedScreen(name: string): ScreenModule | undefined {
  return screens.get(name)?.loaded;
}

export function screenStartReads(name: string): StartReads | undefined {
  return screens.get(name)?.startReads;
}
