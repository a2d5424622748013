import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV_EXPAND_HYSTERESIS, navCollapsed, useNavFits } from '../../src/ui/nav/use-nav-fits.ts';

/** Issue 15, point 2: the navigation bar collapses behind Menu whenever its row does not fit. */

describe('navCollapsed: the decision over measured widths', () => {
  const wide = { narrow: false, wasCollapsed: false };

  it('keeps the bar on one row while the items fit, to the pixel', () => {
    expect(navCollapsed({ ...wide, needed: 900, available: 1248 })).toBe(false);
    expect(navCollapsed({ ...wide, needed: 1248, available: 1248 })).toBe(false);
    // Fractional widths: 1247.4 px of items in 1248 px fit; 1248.2 px do not.
    expect(navCollapsed({ ...wide, needed: 1247.4, available: 1248 })).toBe(false);
    expect(navCollapsed({ ...wide, needed: 1248.2, available: 1248 })).toBe(true);
  });

  it('collapses as soon as the row would overflow', () => {
    expect(navCollapsed({ ...wide, needed: 1249, available: 1248 })).toBe(true);
    expect(navCollapsed({ ...wide, needed: 1700, available: 1248 })).toBe(true);
  });

  it('expands a collapsed bar only with room to spare, so that it does not flicker', () => {
    const collapsed = { narrow: false, wasCollapsed: true };
    expect(navCollapsed({ ...collapsed, needed: 1240, available: 1248 })).toBe(true);
    expect(
      navCollapsed({ ...collapsed, needed: 1248 - NAV_EXPAND_HYSTERESIS, available: 1248 }),
    ).toBe(false);
    expect(
      navCollapsed({ ...collapsed, needed: 1249 - NAV_EXPAND_HYSTERESIS, available: 1248 }),
    ).toBe(true);
  });

  it('is always collapsed on a narrow screen, whatever fits', () => {
    expect(navCollapsed({ narrow: true, wasCollapsed: false, needed: 100, available: 700 })).toBe(
      true,
    );
  });

  it('counts nothing measured yet (no layout) as fitting', () => {
    expect(navCollapsed({ ...wide, needed: 0, available: 0 })).toBe(false);
  });
});

/**
 * jsdom has no layout: the bar's width and the lists' one-row width are stubbed, the lists' width
 * only while the measuring class is on (as the browser lays them out on one row then).
 */
function Bar({ items, narrow = false }: { items: string[]; narrow?: boolean }) {
  const bar = useRef<HTMLElement>(null);
  const lists = useRef<HTMLDivElement>(null);
  const collapsed = useNavFits(bar, lists, 'measuring', narrow, items.join('|'));
  return (
    <nav ref={bar} aria-label="Main" data-collapsed={collapsed}>
      <div ref={lists}>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

describe('useNavFits: the measuring in the component', () => {
  afterEach(() => vi.restoreAllMocks());

  function stubLayout(barWidth: number, itemWidth: number) {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === 'NAV' ? barWidth : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const width = this.classList.contains('measuring')
        ? this.querySelectorAll('li').length * itemWidth
        : 0;
      return { width } as DOMRect;
    });
  }

  it('measures before the first paint, and again when the items change', () => {
    stubLayout(1000, 150);
    const { rerender } = render(<Bar items={['A', 'B', 'C']} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    // Seven items of 150 px do not fit 1000 px.
    rerender(<Bar items={['A', 'B', 'C', 'D', 'E', 'F', 'G']} />);
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    // The measuring class is only ever on during a measurement.
    expect(nav.querySelector('.measuring')).toBeNull();
    rerender(<Bar items={['A', 'B']} />);
    expect(nav).toHaveAttribute('data-collapsed', 'false');
  });

  it('is collapsed on a narrow screen', () => {
    stubLayout(700, 10);
    render(<Bar items={['A']} narrow />);
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
  });
});
