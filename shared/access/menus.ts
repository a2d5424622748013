import { both, evaluate, type Condition, type RuleLookup } from './conditions.ts';
import type {
  ActionItem,
  DropdownItem,
  LinkItem,
  MenuItem,
  MenusConfig,
  PickerItem,
} from '../config-types.generated.ts';
import type { ScreenRouteConfig } from './routes.ts';

/** config/menus.json: the types are generated from schemas/menus.schema.json. */
export type { ActionItem, DropdownItem, LinkItem, MenuItem, MenusConfig, PickerItem };

/** What the navigation bar shows, once conditions are applied. */
export type ShownLink = { kind: 'link'; label: string; path: string; clearsUnit: boolean };
export type ShownAction = { kind: 'action'; label: string; action: 'logout' };
export type ShownDropdown = { kind: 'dropdown'; label: string; items: (ShownLink | ShownAction)[] };
export type ShownPicker = { kind: 'picker'; label: string; picker: 'unit' | 'plan' };
export type ShownItem = ShownLink | ShownAction | ShownDropdown | ShownPicker;

/** How menus find what their links point at: the routes by path and the named rules. */
export interface MenuSources {
  route: (path: string) => ScreenRouteConfig | undefined;
  rules: RuleLookup;
}

/** A condition that never holds: an empty "any". */
const NEVER: Condition = { any: [] };

export const isLink = (item: MenuItem): item is LinkItem => 'route' in item;
const isDropdown = (item: MenuItem): item is DropdownItem => 'items' in item;

/**
 * When a link shows: its route's condition, narrowed by the link's own. A link to a route that
 * does not exist never shows (validate:config refuses it).
 */
export function linkCondition(link: LinkItem, sources: MenuSources): Condition | undefined {
  const route = sources.route(link.route);
  if (!route) return NEVER;
  return both(route.condition, link.condition);
}

const linkLabel = (link: LinkItem, sources: MenuSources) =>
  link.label ?? sources.route(link.route)?.title ?? link.route;

/**
 * The items that show for these flags: an item whose condition fails is left out; a dropdown
 * with no item left is left out; a dropdown with one item left becomes a plain link when its
 * whenOneItem says so (under the menu's label, like Reports, or the item's, like Farm Documents).
 */
export function shownMenu(
  items: readonly MenuItem[],
  flags: ReadonlySet<string>,
  sources: MenuSources,
): ShownItem[] {
  const holds = (item: MenuItem) => {
    const condition = isLink(item) ? linkCondition(item, sources) : item.condition;
    return condition === undefined || evaluate(condition, flags, sources.rules);
  };
  const entry = (item: LinkItem | ActionItem): ShownLink | ShownAction =>
    isLink(item)
      ? {
          kind: 'link',
          label: linkLabel(item, sources),
          path: item.route,
          clearsUnit: item.clearsUnit === true,
        }
      : { kind: 'action', label: item.label, action: item.action };
  return items.filter(holds).flatMap((item): ShownItem[] => {
    if ('picker' in item) return [{ kind: 'picker', label: item.label, picker: item.picker }];
    if (!isDropdown(item)) return [entry(item)];
    const entries = item.items.filter(holds).map(entry);
    const [only] = entries;
    if (!only) return [];
    if (entries.length === 1 && only.kind === 'link') {
      if (item.whenOneItem === 'menuLabel') return [{ ...only, label: item.label }];
      if (item.whenOneItem === 'itemLabel') return [only];
    }
    return [{ kind: 'dropdown', label: item.label, items: entries }];
  });
}
