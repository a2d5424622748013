import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useAccount } from '../core/account/account-store.ts';
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

/**
 * The navigation bar from config/menus.json. Collapsed by default below 768 px, where the Menu
 * button toggles it and following a link collapses it again.
 */
export function NavBar() {
  const flags = useAvailableFlags();
  const authenticated = useSession(selectIsAuthenticated);
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const collapseIfNarrow = () => {
    if (narrow) setExpanded(false);
  };
  const left = shownMenu(authenticated ? menusConfig.main : menusConfig.loggedOut, flags);
  const right = authenticated ? shownMenu(menusConfig.account, flags) : [];
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
        <Dropdown key={item.label} item={item} align={align} onNavigate={collapseIfNarrow} />
      ) : (
        <li key={item.label}>
          <Entry entry={item} onNavigate={collapseIfNarrow} />
        </li>
      );
    });
  return (
    <nav aria-label="Main" className={styles.nav}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((e) => !e)}
      >
        Menu
      </button>
      <div id={listId} className={`${styles.lists} ${expanded ? styles.expanded : ''}`}>
        <ul className={styles.list}>{render(left, 'start')}</ul>
        {right.length > 0 && (
          <ul className={`${styles.list} ${styles.right}`}>{render(right, 'end')}</ul>
        )}
      </div>
    </nav>
  );
}
