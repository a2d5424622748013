import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How much room, in CSS pixels, a collapsed bar needs beyond its items' one-row width before it
 * expands again: enough that a scrollbar appearing or going (which the bar's own height can
 * cause) does not make it flicker between the two layouts.
 */
export const NAV_EXPAND_HYSTERESIS = 24;

/**
 * Whether the navigation bar is collapsed behind its Menu toggle: on a narrow screen always;
 * otherwise when its items' natural one-row width (`needed`) does not fit the bar's content
 * width (`available`). A collapsed bar expands only once the items fit with
 * NAV_EXPAND_HYSTERESIS to spare. Nothing measured yet (no layout: both 0) counts as fitting.
 */
export function navCollapsed({
  needed,
  available,
  wasCollapsed,
  narrow,
}: {
  needed: number;
  available: number;
  wasCollapsed: boolean;
  narrow: boolean;
}): boolean {
  if (narrow) return true;
  const need = Math.ceil(needed);
  const room = Math.floor(available);
  return wasCollapsed ? need + NAV_EXPAND_HYSTERESIS > room : need > room;
}

/**
 * Measures whether the bar's lists fit on one row. `lists` holds them; while `measuringClass` is
 * on it they lay out on one row at their natural width, out of the flow and invisible (added and
 * removed in the same task, so it is never painted). `bar` is the element whose content box they
 * must fit. Measured in a layout effect (so the first paint already has the answer), again
 * whenever the bar or the lists change size (a ResizeObserver), when web fonts finish loading,
 * and whenever `key` changes (the items shown).
 */
export function useNavFits(
  bar: RefObject<HTMLElement | null>,
  lists: RefObject<HTMLElement | null>,
  measuringClass: string,
  narrow: boolean,
  key: string,
): boolean {
  const [collapsed, setCollapsed] = useState(narrow);

  useLayoutEffect(() => {
    const barEl = bar.current;
    const listsEl = lists.current;
    if (!barEl || !listsEl) return;
    const measure = () => {
      listsEl.classList.add(measuringClass);
      const needed = listsEl.getBoundingClientRect().width;
      listsEl.classList.remove(measuringClass);
      const style = getComputedStyle(barEl);
      const available =
        barEl.clientWidth -
        (parseFloat(style.paddingLeft) || 0) -
        (parseFloat(style.paddingRight) || 0);
      setCollapsed((wasCollapsed) => navCollapsed({ needed, available, wasCollapsed, narrow }));
    };
    measure();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    for (const el of [barEl, ...listsEl.children]) observer?.observe(el);
    const fonts = document.fonts as FontFaceSet | undefined;
    fonts?.addEventListener('loadingdone', measure);
    return () => {
      observer?.disconnect();
      fonts?.removeEventListener('loadingdone', measure);
    };
  }, [bar, lists, measuringClass, narrow, key]);

  return collapsed;
}
