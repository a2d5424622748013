import type { Condition } from './conditions.ts';

/** A route of config/routes.json that shows a screen (schemas/routes.schema.json). */
export interface ScreenRouteConfig {
  path: string;
  screen: string;
  access: 'public' | 'protected';
  title: string;
  /** When set, the route shows its screen only while the condition holds. */
  condition?: Condition;
  /** The record type a record screen shows (config/records/<name>.json). */
  recordType?: string;
  /** Settings the screen reads, e.g. the kind of articles a list shows. */
  options?: Record<string, string>;
}

export interface RedirectRouteConfig {
  path: string;
  redirect: string;
}

export type RouteConfig = ScreenRouteConfig | RedirectRouteConfig;

export const isRedirect = (route: RouteConfig): route is RedirectRouteConfig => 'redirect' in route;

/** The screen routes of a routes file, by path (the first of a path wins, as in the router). */
export function screenRoutesByPath(
  routes: readonly RouteConfig[],
): ReadonlyMap<string, { route: ScreenRouteConfig; index: number }> {
  const byPath = new Map<string, { route: ScreenRouteConfig; index: number }>();
  routes.forEach((route, index) => {
    if (!isRedirect(route) && !byPath.has(route.path)) byPath.set(route.path, { route, index });
  });
  return byPath;
}
