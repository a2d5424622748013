import { useEffect, useId, useRef, useState } from 'react';
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
}: {
  item: Extract<ShownItem, { kind: 'dropdown' }>;
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <li ref={ref} className={styles.dropdown}>
      <button
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {item.label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          {item.items.map((entry) => (
            <li key={entry.label}>
              <Entry
                entry={entry}
                onNavigate={() => {
                  setOpen(false);
                  onNavigate();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Entry({ entry, onNavigate }: { entry: ShownLink | ShownAction; onNavigate: () => void }) {
  const user = useSession((s) => s.user);
  if (entry.kind === 'action') {
    return (
      <button type="button" className={styles.link} onClick={ACTIONS[entry.action]}>
        {entry.label}
      </button>
    );
  }
  return (
    <NavLink
      to={entry.path}
      end
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
  const render = (items: ShownItem[]) =>
    items.map((item) => {
      if (item.kind === 'picker') {
        const Picker = PICKERS[item.picker];
        return (
          <li key={item.label}>
            <Picker label={item.label} />
          </li>
        );
      }
      return item.kind === 'dropdown' ? (
        <Dropdown key={item.label} item={item} onNavigate={collapseIfNarrow} />
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
        <ul className={styles.list}>{render(left)}</ul>
        {right.length > 0 && <ul className={`${styles.list} ${styles.right}`}>{render(right)}</ul>}
      </div>
    </nav>
  );
}
