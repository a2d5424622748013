import type {
  RedirectRouteConfig,
  RouteConfig,
  ScreenRouteConfig,
} from '../config-types.generated.ts';

/**
 * A route of config/routes.json: a screen route (its screen-specific settings in "options",
 * checked against the screen's own schema by validate:config) or a redirect. The types are
 * generated from schemas/routes.schema.json (shared/config-types.generated.ts).
 */
export type { RedirectRouteConfig, RouteConfig, ScreenRouteConfig };

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
