import { PORTAL_ROUTES } from '../../shared/access/portal-routes.ts';
import { screenRoutesByPath, type RouteConfig } from '../../shared/access/routes.ts';

export {
  isRedirect,
  type RedirectRouteConfig,
  type RouteConfig,
  type ScreenRouteConfig,
} from '../../shared/access/routes.ts';

/**
 * config/routes.json (checked against schemas/routes.schema.json by `npm run validate:config`)
 * with the benchmarking reports' routes (shared/access/portal-config.ts).
 */
export const routeConfig: readonly RouteConfig[] = PORTAL_ROUTES;

export const routesByPath = screenRoutesByPath(routeConfig);
