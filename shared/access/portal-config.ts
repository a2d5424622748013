/**
 * The portal's routes and menus as every reader must see them: config/routes.json and
 * config/menus.json with what config/benchmarking/insights.json adds (a route, a rule and a menu
 * link per provider's benchmarking report). Router, menus, server, explain and e2e read these,
 * never the two files alone (the portal's first load reads the routes from ./portal-routes.ts and
 * the logged-out menu through src/engine/public-menu.ts, with the same additions).
 */
import menusJson from '../../config/menus.json' with { type: 'json' };
import { INSIGHTS } from '../benchmarking/config.ts';
import { benchmarkPath } from '../benchmarking/declaration.ts';
import { withBenchmarkLinks } from '../benchmarking/portal-entries.ts';
import type { MenusConfig } from './menus.ts';
import type { ConfigSource } from './rule-book.ts';

export { PORTAL_ROUTES } from './portal-routes.ts';

export const PORTAL_MENUS: MenusConfig = withBenchmarkLinks(
  menusJson as MenusConfig,
  INSIGHTS.benchmarks,
);

/** Where each route added to config/routes.json, and its menu link, is declared. */
export const GENERATED_ROUTE_SOURCES: ReadonlyMap<
  string,
  { route: ConfigSource; link: ConfigSource }
> = new Map(
  INSIGHTS.benchmarks.map((b, index) => {
    const entry = `/benchmarks/${String(index)}`;
    const file = 'config/benchmarking/insights.json';
    return [
      benchmarkPath(b.provider),
      { route: { file, pointer: entry }, link: { file, pointer: `${entry}/menu` } },
    ];
  }),
);
