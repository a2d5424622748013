import routesJson from '../../config/routes.json';
import { screenRoutesByPath, type RouteConfig } from '../../shared/access/routes.ts';

export {
  isRedirect,
  type RedirectRouteConfig,
  type RouteConfig,
  type ScreenRouteConfig,
} from '../../shared/access/routes.ts';

/** config/routes.json, checked against schemas/routes.schema.json by `npm run validate:config`. */
export const routeConfig = routesJson.routes as RouteConfig[];

export const routesByPath = screenRoutesByPath(routeConfig);
