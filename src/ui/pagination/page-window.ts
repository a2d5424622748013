export interface PageWindowInput {
  /** The requested page (1-based); out-of-range values are clamped. */
  page: number;
  totalRecords: number;
  perPage: number;
  /** How many page links show at once. */
  maxSize: number;
}

export interface PageWindow {
  /** The page numbers to show as links, ascending. */
  pages: number[];
  pageCount: number;
}

/** How many pages `totalRecords` fill at `perPage` a page (0 when there is nothing to page). */
export function pageCountOf(totalRecords: number, perPage: number): number {
  if (!Number.isFinite(totalRecords) || !Number.isFinite(perPage)) return 0;
  if (totalRecords <= 0 || perPage <= 0) return 0;
  return Math.ceil(totalRecords / perPage);
}

/** `page` brought into 1..pageCount (1 when it is NaN; 0 only when there are no pages). */
export function clampPage(page: number, pageCount: number): number {
  if (pageCount < 1) return 0;
  const whole = Number.isNaN(page) ? 1 : Math.trunc(page);
  return Math.min(Math.max(1, whole), pageCount);
}

/**
 * The page links to show, rotating (the current page stays in the middle when it can; with an even
 * maxSize it sits just right of the middle, as in ng-bootstrap) and with no ellipses: e.g. page 7 of
 * 20 with maxSize 5 gives 5–9, page 1 gives 1–5 and page 20 gives 16–20.
 */
export function pageWindow({ page, totalRecords, perPage, maxSize }: PageWindowInput): PageWindow {
  const pageCount = pageCountOf(totalRecords, perPage);
  if (pageCount === 0) return { pages: [], pageCount };
  const current = clampPage(page, pageCount);
  const wanted = Number.isFinite(maxSize) ? Math.trunc(maxSize) : pageCount;
  const size = Math.max(1, Math.min(wanted, pageCount));
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), pageCount - size + 1));
  return { pages: Array.from({ length: size }, (_, i) => start + i), pageCount };
}
