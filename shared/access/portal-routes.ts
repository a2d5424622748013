/**
 * The portal's routes as every reader must see them: config/routes.json with the benchmarking
 * reports' routes (config/benchmarking/insights.json). A module of its own, without the menus, so
 * that the portal's first load, which builds the router from it, leaves the menus out;
 * shared/access/portal-config.ts gives it with the menus.
 */
import routesJson from '../../config/routes.json' with { type: 'json' };
import { INSIGHTS } from '../benchmarking/config.ts';
import { withBenchmarkRoutes } from '../benchmarking/portal-entries.ts';
import type { RouteConfig } from './routes.ts';

export const PORTAL_ROUTES: readonly RouteConfig[] = withBenchmarkRoutes(
  routesJson.routes as RouteConfig[],
  INSIGHTS.benchmarks,
);
