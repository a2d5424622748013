import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAccount } from '../../src/core/account/account-store.ts';
import { UnitPicker } from '../../src/ui/nav/AccountPickers.tsx';
import { MenuButton, menuItemProps } from '../../src/ui/nav/MenuButton.tsx';

type AccountFarm = NonNullable<ReturnType<typeof useAccount.getState>['farm']>;
type AccountUnit = NonNullable<ReturnType<typeof useAccount.getState>['unit']>;

const ITEMS = ['Monthly Records', 'Annual Records', 'Lab Results'];

function renderMenu(onChoose = vi.fn()) {
  render(
    <>
      <ul>
        <MenuButton label="Data Entry">
          {(close) =>
            ITEMS.map((item) => (
              <li key={item} role="none">
                <button
                  type="button"
                  {...menuItemProps}
                  onClick={() => {
                    onChoose(item);
                    close();
                  }}
                >
                  {item}
                </button>
              </li>
            ))
          }
        </MenuButton>
      </ul>
      <button type="button">Elsewhere</button>
    </>,
  );
  return { button: screen.getByRole('button', { name: 'Data Entry' }), onChoose };
}

const focused = () => document.activeElement?.textContent;

describe('MenuButton (the WAI-ARIA menu button pattern)', () => {
  it('is a collapsed menu button until opened; a click toggles it', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Data Entry' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(ITEMS);
    expect(screen.getAllByRole('menuitem').every((item) => item.tabIndex === -1)).toBe(true);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['{Enter}', 'Monthly Records'],
    [' ', 'Monthly Records'],
    ['{ArrowDown}', 'Monthly Records'],
    ['{ArrowUp}', 'Lab Results'],
  ])('%s on the button opens the menu on its %s item', async (key, first) => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard(key);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(focused()).toBe(first);
  });

  it('ArrowDown and ArrowUp move between the items, wrapping; Home and End go to the ends', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Annual Records');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Monthly Records');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('Lab Results');
    await user.keyboard('{Home}');
    expect(focused()).toBe('Monthly Records');
    await user.keyboard('{End}');
    expect(focused()).toBe('Lab Results');
  });

  it('Escape closes it and returns focus to the button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });

  it('Tab closes it', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click outside closes it', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter and Space choose the focused item', async () => {
    const user = userEvent.setup();
    const { button, onChoose } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith('Annual Records');
    expect(screen.queryByRole('menu')).toBeNull();
    button.focus();
    await user.keyboard('{ArrowUp} ');
    expect(onChoose).toHaveBeenLastCalledWith('Lab Results');
  });
});

describe('the Unit picker (a MenuButton of menuitemradio options)', () => {
  it('shows the current unit, checks it in its menu, and chooses another by keyboard', async () => {
    const user = userEvent.setup();
    const selectUnit = vi.fn();
    const farm = {
      units: [
        { id: 2, name: 'Highfield Sheep', packages: [] },
        { id: 1, name: 'Highfield Arable', packages: [] },
      ],
    };
    useAccount.setState({
      farm: farm as unknown as AccountFarm,
      unit: farm.units[1] as unknown as AccountUnit,
      plan: null,
      selectUnit,
    });
    render(
      <ul>
        <li>
          <UnitPicker label="Unit" />
        </li>
      </ul>,
    );
    const button = screen.getByRole('button', { name: 'Unit Highfield Arable' });
    expect(button).toHaveAttribute('title', 'Highfield Arable');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const options = within(screen.getByRole('menu', { name: 'Unit' })).getAllByRole(
      'menuitemradio',
    );
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-checked')])).toEqual([
      ['Highfield Arable', 'true'],
      ['Highfield Sheep', 'false'],
    ]);
    expect(document.activeElement).toBe(options[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(selectUnit).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
