import menusJson from '../../config/menus.json';
import {
  shownMenu as shownMenuFor,
  type MenuItem,
  type MenuSources,
  type MenusConfig,
  type ShownItem,
} from '../../shared/access/menus.ts';
import { routesByPath } from './routes-config.ts';
import { ruleBook } from './rules.ts';

export type * from '../../shared/access/menus.ts';

export const menusConfig = menusJson as MenusConfig;

/** Where the portal's menus find their routes and rules: config/routes.json and the rule book. */
export const menuSources: MenuSources = {
  route: (path) => routesByPath.get(path)?.route,
  rules: ruleBook.lookup,
};

/** The items that show for these flags (see shared/access/menus.ts). */
export const shownMenu = (items: readonly MenuItem[], flags: ReadonlySet<string>): ShownItem[] =>
  shownMenuFor(items, flags, menuSources);
