import menusJson from '../../config/menus.json';
import { evaluate, type Condition } from './conditions.ts';

/** config/menus.json, as schemas/menus.schema.json defines it. */
export interface LinkItem {
  label: string;
  path: string;
  condition?: Condition;
  clearsUnit?: boolean;
}
export interface ActionItem {
  label: string;
  action: 'logout';
  condition?: Condition;
}
export interface DropdownItem {
  label: string;
  items: (LinkItem | ActionItem)[];
  condition?: Condition;
  whenOneItem?: 'dropdown' | 'menuLabel' | 'itemLabel';
}
/** A dropdown of the user's units or plans, built at run time. */
export interface PickerItem {
  label: string;
  picker: 'unit' | 'plan';
  condition?: Condition;
}
export type MenuItem = LinkItem | ActionItem | DropdownItem | PickerItem;

export interface MenusConfig {
  loggedOut: MenuItem[];
  main: MenuItem[];
  account: MenuItem[];
}

export const menusConfig = menusJson as MenusConfig;

/** What the navigation bar shows, once conditions are applied. */
export type ShownLink = { kind: 'link'; label: string; path: string; clearsUnit: boolean };
export type ShownAction = { kind: 'action'; label: string; action: 'logout' };
export type ShownDropdown = { kind: 'dropdown'; label: string; items: (ShownLink | ShownAction)[] };
export type ShownPicker = { kind: 'picker'; label: string; picker: 'unit' | 'plan' };
export type ShownItem = ShownLink | ShownAction | ShownDropdown | ShownPicker;

const isDropdown = (item: MenuItem): item is DropdownItem => 'items' in item;

function shownEntry(item: LinkItem | ActionItem): ShownLink | ShownAction {
  return 'action' in item
    ? { kind: 'action', label: item.label, action: item.action }
    : { kind: 'link', label: item.label, path: item.path, clearsUnit: item.clearsUnit === true };
}

/**
 * The items that show for these flags: an item whose condition fails is left out; a dropdown
 * with no item left is left out; a dropdown with one item left becomes a plain link when its
 * whenOneItem says so (under the menu's label, like Reports, or the item's, like Farm Documents).
 */
export function shownMenu(items: readonly MenuItem[], flags: ReadonlySet<string>): ShownItem[] {
  const holds = (item: { condition?: Condition }) =>
    item.condition === undefined || evaluate(item.condition, flags);
  return items.filter(holds).flatMap((item): ShownItem[] => {
    if ('picker' in item) return [{ kind: 'picker', label: item.label, picker: item.picker }];
    if (!isDropdown(item)) return [shownEntry(item)];
    const entries = item.items.filter(holds).map(shownEntry);
    const [only] = entries;
    if (!only) return [];
    if (entries.length === 1 && only.kind === 'link') {
      if (item.whenOneItem === 'menuLabel') return [{ ...only, label: item.label }];
      if (item.whenOneItem === 'itemLabel') return [only];
    }
    return [{ kind: 'dropdown', label: item.label, items: entries }];
  });
}
