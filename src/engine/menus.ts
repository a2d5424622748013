import { PORTAL_MENUS } from '../../shared/access/portal-config.ts';
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

export const menusConfig: MenusConfig = PORTAL_MENUS;

/** Where the portal's menus find their routes and rules: config/routes.json and the rule book. */
export const menuSources: MenuSources = {
  route: (path) => routesByPath.get(path)?.route,
  rules: ruleBook.lookup,
};

/** The items that show for these flags (see shared/access/menus.ts). */
export const shownMenu = (items: readonly MenuItem[], flags: ReadonlySet<string>): ShownItem[] =>
  shownMenuFor(items, flags, menuSources);
