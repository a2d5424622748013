import { lazy, useState, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { Condition } from '../../shared/access/conditions.ts';
import { isRedirect, type RouteConfig, type ScreenRouteConfig } from './routes-config.ts';
import { loadedScreen, screenLoader, type ScreenLoader } from './screen-registry.ts';

export interface BuildRoutesOptions {
  /** Wraps every protected route; renders <Outlet/> when the visitor may pass. */
  protectedElement: ReactElement;
  /**
   * Wraps a route that has a condition: the element (lazily loaded, if it likes) that renders
   * <Outlet/> while it holds, else says why not.
   */
  conditionGate: (condition: Condition) => ReactElement;
}

/** Route data every screen route carries, for page titles and analytics. */
export interface ScreenHandle {
  title: string;
  screen: string;
  /**
   * The route's screen options (config/routes.json), checked against the schema its screen
   * declares, e.g. {kind: 'news'} for articles, {recordType: 'monthly'} for records.
   */
  options: Readonly<Record<string, string>>;
}

/**
 * One component per screen, whichever routes show it: moving between two of its routes (one
 * record type to another) keeps the screen mounted, as it keeps any component. Until its code
 * has arrived it is lazy, its code loaded under the layout's <Suspense> (src/app/router.tsx);
 * once the code is there (begun early by src/app/start-page.ts, or a screen visited before) it
 * draws at once: React reveals a suspended screen no sooner than 300 ms after its fallback.
 */
const screenComponents = new Map<string, ComponentType>();
function screenComponent(name: string, load: ScreenLoader): ComponentType {
  let Screen = screenComponents.get(name);
  if (!Screen) {
    const Lazy = lazy(load);
    Screen = function LoadedScreen() {
      // Chosen once per mount: switching from the lazy to the loaded component would remount it.
      const [Component] = useState<ComponentType>(() => loadedScreen(name)?.default ?? Lazy);
      return <Component />;
    };
    screenComponents.set(name, Screen);
  }
  return Screen;
}

function screenRoute(route: ScreenRouteConfig, options: BuildRoutesOptions): RouteObject {
  const load = screenLoader(route.screen);
  if (!load)
    throw new Error(`Route ${route.path} names screen "${route.screen}", which is not registered.`);
  const handle: ScreenHandle = {
    title: route.title,
    screen: route.screen,
    options: route.options ?? {},
  };
  const Screen = screenComponent(route.screen, load);
  const screen: RouteObject = { path: route.path, handle, element: <Screen /> };
  return route.condition === undefined
    ? screen
    : { element: options.conditionGate(route.condition), children: [screen] };
}

/** Turns config/routes.json into react-router routes; the engine knows no concrete screen. */
export function buildRoutes(
  config: readonly RouteConfig[],
  options: BuildRoutesOptions,
): RouteObject[] {
  const publicRoutes: RouteObject[] = [];
  const protectedRoutes: RouteObject[] = [];
  for (const route of config) {
    if (isRedirect(route)) {
      publicRoutes.push({ path: route.path, element: <Navigate to={route.redirect} replace /> });
    } else {
      (route.access === 'protected' ? protectedRoutes : publicRoutes).push(
        screenRoute(route, options),
      );
    }
  }
  return [...publicRoutes, { element: options.protectedElement, children: protectedRoutes }];
}
