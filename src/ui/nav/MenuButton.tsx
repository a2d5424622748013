import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import styles from './MenuButton.module.css';

/** What a menu's items are: anything with one of the menu item roles. */
const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

/** Props every item of a MenuButton must spread onto its focusable element. */
export const menuItemProps = { role: 'menuitem', tabIndex: -1 } as const;

type Focus = 'first' | 'last' | null;

/**
 * The WAI-ARIA Menu Button pattern, shared by every dropdown of the navigation bar and the Unit
 * and Plan pickers. The button has aria-haspopup and aria-expanded; a click, Enter, Space or
 * ArrowDown open the menu on its first item, ArrowUp on its last (a second click closes it); in the menu ArrowDown/ArrowUp move
 * (wrapping), Home/End go to the first/last item, Escape closes it and returns focus to the
 * button, Tab closes it (focus moves on as usual), and a click outside closes it.
 *
 * The items are rendered by `children` (given `close`), each `<li role="none">` holding one
 * element with role menuitem (or menuitemradio) and tabIndex -1 (roving focus; see
 * `menuItemProps`). The menu is kept inside the viewport: it is aligned to the button's right
 * edge when it would overflow on the right, and never wider than the viewport.
 */
export function MenuButton({
  label,
  children,
  className,
  buttonClassName,
  menuClassName,
  align = 'start',
  as: Root = 'li',
  labelId,
  title,
}: {
  label: ReactNode;
  children: (close: (options?: { restoreFocus?: boolean }) => void) => ReactNode;
  className?: string;
  buttonClassName?: string;
  menuClassName?: string;
  /** Which edge of the button the menu lines up with when it fits. */
  align?: 'start' | 'end';
  /** The root element: a list item of the navigation bar, or a span inside one. */
  as?: 'li' | 'span';
  /** The id of a visible label that names the button (with its own text) and the menu. */
  labelId?: string;
  /** The button's title (its full text when that is truncated). */
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const focusRequest = useRef<Focus>(null);
  const rootRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  const close = useCallback(
    (options?: { restoreFocus?: boolean }) => {
      setOpen(false);
      if (options?.restoreFocus) document.getElementById(buttonId)?.focus();
    },
    [buttonId],
  );

  const openMenu = (where: Focus) => {
    focusRequest.current = where;
    setOpen(true);
  };

  // Once open: keep the menu inside the viewport (lined up with the button's right edge when it
  // would overflow on the right, with its left edge otherwise), then focus the item asked for.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    menu.dataset.align = align;
    const box = menu.getBoundingClientRect();
    if (align === 'start' && box.right > window.innerWidth - 8) menu.dataset.align = 'end';
    else if (align === 'end' && box.left < 8) menu.dataset.align = 'start';
    const where = focusRequest.current;
    focusRequest.current = null;
    if (where) {
      const all = items();
      (where === 'first' ? all[0] : all.at(-1))?.focus();
    }
  }, [open, align]);

  // A click (or touch) outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // Space is handled on keydown; its keyup must not click the button (or item) a second time.
  const preventSpaceClick = (event: KeyboardEvent) => {
    if (event.key === ' ') event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
      case 'ArrowDown':
        event.preventDefault();
        openMenu('first');
        break;
      case 'ArrowUp':
        event.preventDefault();
        openMenu('last');
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(-1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close({ restoreFocus: true });
        break;
      case 'Tab':
        close();
        break;
      case ' ':
        // Space activates the item, as Enter does (links do not answer Space by themselves).
        if (index >= 0) {
          event.preventDefault();
          all[index]?.click();
        }
        break;
    }
  };

  return (
    <Root
      ref={rootRef as RefObject<HTMLLIElement & HTMLSpanElement>}
      className={`${styles.root} ${className ?? ''}`}
    >
      <button
        id={buttonId}
        type="button"
        className={buttonClassName}
        title={title}
        aria-labelledby={labelId ? `${labelId} ${buttonId}` : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        onKeyUp={preventSpaceClick}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={labelId ?? buttonId}
          className={`${styles.menu} ${menuClassName ?? ''}`}
          onKeyDown={onMenuKeyDown}
          onKeyUp={preventSpaceClick}
        >
          {children(close)}
        </ul>
      )}
    </Root>
  );
}
