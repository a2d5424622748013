import { MenuButton, menuItemProps } from '../ui/nav/MenuButton.tsx';
import { Entry, type NavDropdownProps } from './NavBar.tsx';
import styles from './NavBar.module.css';

/** A dropdown of the navigation bar: a menu button whose menu holds the dropdown's entries. */
export function NavDropdown({ item, onNavigate, align, handlers }: NavDropdownProps) {
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
              itemProps={menuItemProps}
              handlers={handlers}
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
