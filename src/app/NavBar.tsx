import {
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
} from 'react';
import { NavLink } from 'react-router-dom';
import { useBranding } from '../core/branding/branding-store.ts';
import type { ShownAction, ShownItem, ShownLink, ShownPicker } from '../../shared/access/menus.ts';
import { useNarrowScreen } from '../ui/pagination/use-narrow-screen.ts';
import { useNavFits } from '../ui/nav/use-nav-fits.ts';
import styles from './NavBar.module.css';

/** A picker of the bar (the unit and plan pickers of the signed-in shell). */
export type NavPicker = ComponentType<{ label: string; align: 'start' | 'end' }>;

/** What the bar's items do beyond links; the signed-in bar gives them, the logged-out has none. */
export interface ItemHandlers {
  /** What an action item does (logout). */
  onAction?: (action: ShownAction['action']) => void;
  /** Told of each link followed (a company user leaving a unit for home). */
  onFollow?: (link: ShownLink) => void;
}

export interface NavDropdownProps {
  item: Extract<ShownItem, { kind: 'dropdown' }>;
  onNavigate: () => void;
  align: 'start' | 'end';
  handlers: ItemHandlers;
}

/** A dropdown of the bar (./NavDropdown.tsx, with the shared menu button). */
export type NavDropdown = ComponentType<NavDropdownProps>;

// The logged-out menu has no dropdown: its bar loads the code for one only if config gives it one.
const LazyDropdown = lazy(() =>
  import('./NavDropdown.tsx').then((module) => ({ default: module.NavDropdown })),
);
function DropdownOnDemand(props: NavDropdownProps) {
  return (
    <Suspense fallback={null}>
      <LazyDropdown {...props} />
    </Suspense>
  );
}

/** A link or an action of the bar, or of one of its dropdowns. */
export function Entry({
  entry,
  onNavigate,
  inMenu = false,
  itemProps = {},
  handlers,
}: {
  entry: ShownLink | ShownAction;
  onNavigate: () => void;
  /** An item of a dropdown: a menu item under the dropdown's roving focus. */
  inMenu?: boolean;
  /** The attributes of such a menu item (MenuButton's menuItemProps). */
  itemProps?: object;
  handlers: ItemHandlers;
}) {
  if (entry.kind === 'action') {
    return (
      <button
        type="button"
        className={styles.link}
        {...itemProps}
        onClick={() => {
          if (inMenu) onNavigate();
          handlers.onAction?.(entry.action);
        }}
      >
        {entry.label}
      </button>
    );
  }
  return (
    <NavLink
      to={entry.path}
      end
      {...itemProps}
      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      onClick={() => {
        handlers.onFollow?.(entry);
        onNavigate();
      }}
    >
      {entry.label}
    </NavLink>
  );
}

/** What the bar shows, as one string: the measurement is redone when it changes. */
const itemsKey = (items: ShownItem[]): string =>
  items.map((item) => (item.kind === 'dropdown' ? `${item.label}▾` : item.label)).join('|');

export interface NavBarProps extends ItemHandlers {
  /** The items on the left (the main or logged-out menu) and on the right (the account menu). */
  left: ShownItem[];
  right: ShownItem[];
  /** The pickers the items may name; a picker without one is not shown. */
  pickers?: Partial<Record<ShownPicker['picker'], NavPicker>>;
  /** What else the bar's width depends on (the unit and plan the pickers show). */
  measureKey?: string;
  /** How a dropdown is drawn: the signed-in bar gives ./NavDropdown.tsx, already loaded. */
  dropdown?: NavDropdown;
}

/**
 * The navigation bar, given the items config/menus.json shows (src/app/AppLayout.tsx). On one row
 * while its items fit; otherwise (and always below 768 px) collapsed behind a Menu toggle that
 * opens the same lists as a panel, the Unit and Plan pickers staying in view beside the toggle:
 * following a link collapses it again, Escape closes it and gives the focus back to the toggle.
 */
export function NavBar({
  left,
  right,
  pickers = {},
  measureKey = '',
  dropdown: Dropdown = DropdownOnDemand,
  onAction,
  onFollow,
}: NavBarProps) {
  const handlers: ItemHandlers = { onAction, onFollow };
  // A theme brings its own fonts and spacing: measured again when it changes.
  const themeLogo = useBranding((s) => s.theme?.logo);
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const collapsed = useNavFits(
    navRef,
    listsRef,
    styles.measuring ?? '',
    narrow,
    `${itemsKey(left)}/${itemsKey(right)}/${measureKey}/${themeLogo}`,
  );
  // Back on one row, the panel's state is forgotten: collapsing again starts closed.
  if (!collapsed && expanded) setExpanded(false);
  const open = collapsed && expanded;
  const collapse = () => setExpanded(false);
  const onKeyDown = (event: KeyboardEvent) => {
    // An open dropdown handles its own Escape first (and marks the event handled).
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    event.preventDefault();
    collapse();
    toggleRef.current?.focus();
  };
  const render = (items: ShownItem[], align: 'start' | 'end') =>
    items.map((item) => {
      if (item.kind === 'picker') {
        const Picker = pickers[item.picker];
        if (!Picker) return null;
        return (
          <li key={item.label} data-picker={item.picker}>
            <Picker label={item.label} align={align} />
          </li>
        );
      }
      return item.kind === 'dropdown' ? (
        <Dropdown
          key={item.label}
          item={item}
          align={align}
          onNavigate={collapse}
          handlers={handlers}
        />
      ) : (
        <li key={item.label}>
          <Entry entry={item} onNavigate={collapse} handlers={handlers} />
        </li>
      );
    });
  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className={`${styles.nav} ${collapsed ? styles.collapsed : ''}`}
      data-collapsed={collapsed}
      onKeyDown={onKeyDown}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setExpanded(!open)}
      >
        Menu
      </button>
      <div ref={listsRef} id={listId} className={`${styles.lists} ${open ? styles.expanded : ''}`}>
        <ul className={`${styles.list} ${styles.main}`}>{render(left, 'start')}</ul>
        {right.length > 0 && (
          <ul className={`${styles.list} ${styles.right}`}>{render(right, 'end')}</ul>
        )}
      </div>
    </nav>
  );
}
