import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router-dom';
import { useAccount } from '../core/account/account-store.ts';
import { useBranding } from '../core/branding/branding-store.ts';
import { confirmLogout } from '../core/session/confirm-logout.ts';
import { selectIsAuthenticated, useSession } from '../core/session/session-store.ts';
import { worksForACompany } from '../core/session/user.ts';
import {
  menusConfig,
  shownMenu,
  type ShownAction,
  type ShownItem,
  type ShownLink,
  type ShownPicker,
} from '../engine/menus.ts';
import { useAvailableFlags } from '../engine/use-flags.ts';
import { useNarrowScreen } from '../ui/pagination/use-narrow-screen.ts';
import { PlanPicker, UnitPicker } from '../ui/nav/AccountPickers.tsx';
import { MenuButton, menuItemProps } from '../ui/nav/MenuButton.tsx';
import { useNavFits } from '../ui/nav/use-nav-fits.ts';
import styles from './NavBar.module.css';

const ACTIONS: Record<ShownAction['action'], () => void> = {
  logout: () => void confirmLogout(),
};

const PICKERS: Record<ShownPicker['picker'], typeof UnitPicker> = {
  unit: UnitPicker,
  plan: PlanPicker,
};

function Dropdown({
  item,
  onNavigate,
  align,
}: {
  item: Extract<ShownItem, { kind: 'dropdown' }>;
  onNavigate: () => void;
  align: 'start' | 'end';
}) {
  return (
    <MenuButton
      label={item.label}
      align={align}
      buttonClassName={styles.link}
      menuClassName={styles.menu}
    >
      {(close) =>
        item.items.map((entry) => (
          <li key={entry.label} role="none">
            <Entry
              entry={entry}
              inMenu
              onNavigate={() => {
                close();
                onNavigate();
              }}
            />
          </li>
        ))
      }
    </MenuButton>
  );
}

function Entry({
  entry,
  onNavigate,
  inMenu = false,
}: {
  entry: ShownLink | ShownAction;
  onNavigate: () => void;
  /** An item of a dropdown: a menu item under the dropdown's roving focus. */
  inMenu?: boolean;
}) {
  const user = useSession((s) => s.user);
  const itemProps = inMenu ? menuItemProps : {};
  if (entry.kind === 'action') {
    return (
      <button
        type="button"
        className={styles.link}
        {...itemProps}
        onClick={() => {
          if (inMenu) onNavigate();
          ACTIONS[entry.action]();
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
        if (entry.clearsUnit && worksForACompany(user)) useAccount.getState().clearUnit();
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

/**
 * The navigation bar from config/menus.json. On one row while its items fit; otherwise (and
 * always below 768 px) collapsed behind a Menu toggle that opens the same lists as a panel, the
 * Unit and Plan pickers staying in view beside the toggle: following a link collapses it again,
 * Escape closes it and gives the focus back to the toggle.
 */
export function NavBar() {
  const flags = useAvailableFlags();
  const authenticated = useSession(selectIsAuthenticated);
  const unitId = useAccount((s) => s.unit?.id);
  const planId = useAccount((s) => s.plan?.id);
  // A theme brings its own fonts and spacing: measured again when it changes.
  const themeLogo = useBranding((s) => s.theme?.logo);
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const left = shownMenu(authenticated ? menusConfig.main : menusConfig.loggedOut, flags);
  const right = authenticated ? shownMenu(menusConfig.account, flags) : [];
  const collapsed = useNavFits(
    navRef,
    listsRef,
    styles.measuring ?? '',
    narrow,
    `${itemsKey(left)}/${itemsKey(right)}/${unitId}/${planId}/${themeLogo}`,
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
        const Picker = PICKERS[item.picker];
        return (
          <li key={item.label} data-picker={item.picker}>
            <Picker label={item.label} align={align} />
          </li>
        );
      }
      return item.kind === 'dropdown' ? (
        <Dropdown key={item.label} item={item} align={align} onNavigate={collapse} />
      ) : (
        <li key={item.label}>
          <Entry entry={item} onNavigate={collapse} />
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
