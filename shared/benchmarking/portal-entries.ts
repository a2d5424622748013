/**
 * What one entry of config/benchmarking/insights.json gives a provider: a route
 * /<provider>-insights showing the benchmarking screen, a named rule (benchmark:<provider>) that
 * the route, the menu link and the API all check, and a link in the menu dropdown it names. The
 * route and the link are added to config/routes.json's and config/menus.json's here, so every
 * reader of routes and menus (router, menus, server, explain, e2e) sees the same ones.
 */
import type { DropdownItem, LinkItem, MenuItem, MenusConfig } from '../access/menus.ts';
import type { RouteConfig, ScreenRouteConfig } from '../access/routes.ts';
import type { Rule } from '../access/rule-book.ts';
import { benchmarkPath, benchmarkRule, type BenchmarkDeclaration } from './declaration.ts';

/** The screen every benchmarking route shows (src/screens/benchmarking). */
export const BENCHMARK_SCREEN = 'benchmarking';

export function benchmarkRoutes(benchmarks: readonly BenchmarkDeclaration[]): ScreenRouteConfig[] {
  return benchmarks.map((b) => ({
    path: benchmarkPath(b.provider),
    screen: BENCHMARK_SCREEN,
    access: 'protected',
    title: b.title,
    condition: { rule: benchmarkRule(b.provider) },
    options: { provider: b.provider },
  }));
}

/** The routes with each benchmarking route added before the catch-all '*'. */
export function withBenchmarkRoutes(
  routes: readonly RouteConfig[],
  benchmarks: readonly BenchmarkDeclaration[],
): RouteConfig[] {
  const added = benchmarkRoutes(benchmarks);
  const catchAll = routes.findIndex((r) => r.path === '*');
  const at = catchAll < 0 ? routes.length : catchAll;
  return [...routes.slice(0, at), ...added, ...routes.slice(at)];
}

/** The menus with a link to each benchmarking route added to the end of the dropdown it names. */
export function withBenchmarkLinks(
  menus: MenusConfig,
  benchmarks: readonly BenchmarkDeclaration[],
): MenusConfig {
  const addTo = (items: readonly MenuItem[]): MenuItem[] =>
    items.map((item) => {
      if (!('items' in item)) return item;
      const links = benchmarks
        .filter((b) => b.menu?.dropdown === item.label)
        .map((b): LinkItem => ({
          route: benchmarkPath(b.provider),
          ...(b.menu?.condition === undefined ? {} : { condition: b.menu.condition }),
        }));
      return links.length === 0
        ? item
        : ({ ...item, items: [...item.items, ...links] } satisfies DropdownItem);
    });
  return Object.fromEntries(
    Object.entries(menus).map(([key, value]) => [
      key,
      Array.isArray(value) ? addTo(value as MenuItem[]) : value,
    ]),
  ) as unknown as MenusConfig;
}

/** For the rule book: each report's rule, benchmark:<provider>, with where it is written. */
export const benchmarkRuleBookEntries = (benchmarks: readonly BenchmarkDeclaration[]): Rule[] =>
  benchmarks.map((b, index) => ({
    name: benchmarkRule(b.provider),
    title: b.title,
    condition: b.condition,
    source: {
      file: 'config/benchmarking/insights.json',
      pointer: `/benchmarks/${String(index)}/condition`,
    },
  }));
