/**
 * Does the page fit its viewport? (Issue 15, point 1.) What a user would notice on a phone or a
 * small laptop: the page scrolling sideways, and a control they cannot reach or read because it
 * lies past the edge of the screen, is cut off by a box that hides its overflow, or lies under
 * something else.
 */
import type { Page } from '@playwright/test';

/** The widths of the sweep, each with the height of a device of that width. */
export const SWEEP_VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
  { width: 360, height: 800 },
] as const;

/** Waits until the page has laid itself out again (two frames: resize observers have run). */
export async function settledLayout(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * What does not fit in the page as it is laid out now, each as a sentence naming the element
 * ("button "Save" reaches 412 px in a 390 px viewport"); empty when everything fits.
 */
export function misfits(page: Page): Promise<string[]> {
  return page.evaluate(findMisfits);
}

/** Runs in the page: no imports, no closures over the test's scope. */
function findMisfits(): string[] {
  const SLACK = 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  const problems: string[] = [];

  const describe = (element: Element): string => {
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const name = (
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
      element.textContent
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `${role}${name ? ` "${name}"` : ''}${className ? ` (.${className})` : ''}`;
  };

  /** Scrolls sideways on its own (a table's scroll region): what it holds is reachable. */
  const scrollsSideways = (element: Element) => {
    const overflowX = getComputedStyle(element).overflowX;
    return overflowX === 'auto' || overflowX === 'scroll';
  };

  const shown = (element: Element, rect: DOMRect) =>
    rect.width > SLACK &&
    rect.height > SLACK &&
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });

  // 1. The page itself scrolls sideways: name the elements that reach past the right edge.
  const page = document.documentElement;
  if (page.scrollWidth > width) {
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + SLACK || !shown(element, rect)) continue;
      // The outermost element past the edge names the cause; its children follow it.
      const parent = element.parentElement;
      if (parent && parent.getBoundingClientRect().right > width + SLACK) continue;
      culprits.push(`${describe(element)} reaches ${Math.round(rect.right)} px`);
      if (culprits.length === 3) break;
    }
    problems.push(
      `the page is ${page.scrollWidth} px wide in a ${width} px viewport: ${culprits.join('; ') || 'no element named'}`,
    );
  }

  // 2. Controls: within the viewport (unless in a sideways scroll region), not cut off by a
  // box that hides its overflow, and not under another element.
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=menuitem], [role=tab], [tabindex]:not([tabindex="-1"])',
  );
  for (const control of controls) {
    const rect = control.getBoundingClientRect();
    if (!shown(control, rect)) continue;
    // Moved off the left edge on purpose (a skip link until it is focused).
    if (rect.right <= 0) continue;
    let reachable = false;
    let clippedBy: Element | null = null;
    for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
      if (scrollsSideways(box)) {
        reachable = true;
        break;
      }
      const style = getComputedStyle(box);
      if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
        const outer = box.getBoundingClientRect();
        if (rect.left < outer.left - SLACK || rect.right > outer.right + SLACK) {
          clippedBy = box;
          break;
        }
      }
    }
    if (clippedBy) {
      problems.push(`${describe(control)} is cut off by ${describe(clippedBy)}`);
      continue;
    }
    if (!reachable && (rect.left < -SLACK || rect.right > width + SLACK)) {
      problems.push(
        `${describe(control)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px in a ${width} px viewport`,
      );
      continue;
    }
    // Covered: only where the whole control is on screen, so that the point is inside it.
    if (reachable || rect.top < 0 || rect.bottom > height || rect.right > width) continue;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || control.contains(hit) || hit.contains(control)) continue;
    const label = hit.closest('label');
    if (label && (label.control === control || label.contains(control))) continue;
    problems.push(`${describe(control)} lies under ${describe(hit)}`);
  }
  return problems;
}
