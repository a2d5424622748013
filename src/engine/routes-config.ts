import routesJson from '../../config/routes.json';
import type { Condition } from './conditions.ts';

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

/** config/routes.json, checked against schemas/routes.schema.json by `npm run validate:config`. */
export const routeConfig = routesJson.routes as RouteConfig[];
