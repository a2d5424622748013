import routesJson from '../../config/routes.json';

export interface ScreenRouteConfig {
  path: string;
  screen: string;
  access: 'public' | 'protected';
  title: string;
}

export interface RedirectRouteConfig {
  path: string;
  redirect: string;
}

export type RouteConfig = ScreenRouteConfig | RedirectRouteConfig;

export const isRedirect = (route: RouteConfig): route is RedirectRouteConfig => 'redirect' in route;

/** config/routes.json, checked against schemas/routes.schema.json by `npm run validate:config`. */
export const routeConfig = routesJson.routes as RouteConfig[];
