import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageWindow } from '../../src/ui/pagination/page-window.ts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 20 pages of 10 records. */
const twenty = { totalRecords: 200, perPage: 10 };

describe('pageWindow', () => {
  describe('rotate', () => {
    it('keeps the current page in the middle of an odd window', () => {
      expect(pageWindow({ ...twenty, page: 7, maxSize: 5 })).toEqual({
        pages: [5, 6, 7, 8, 9],
        pageCount: 20,
      });
      expect(pageWindow({ ...twenty, page: 4, maxSize: 5 }).pages).toEqual([2, 3, 4, 5, 6]);
      expect(pageWindow({ ...twenty, page: 17, maxSize: 5 }).pages).toEqual([15, 16, 17, 18, 19]);
    });

    it('puts the current page just right of the middle of an even window', () => {
      expect(pageWindow({ ...twenty, page: 7, maxSize: 10 }).pages).toEqual(range(2, 11));
      expect(pageWindow({ ...twenty, page: 15, maxSize: 10 }).pages).toEqual(range(10, 19));
    });

    it('moves one page at a time, not in blocks', () => {
      const starts = range(3, 18).map(
        (page) => pageWindow({ ...twenty, page, maxSize: 5 }).pages[0],
      );
      expect(starts).toEqual(range(1, 16));
    });

    it('pins the window to the start', () => {
      for (const page of [1, 2, 3]) {
        expect(pageWindow({ ...twenty, page, maxSize: 5 }).pages).toEqual([1, 2, 3, 4, 5]);
      }
      for (const page of [1, 5, 6]) {
        expect(pageWindow({ ...twenty, page, maxSize: 10 }).pages).toEqual(range(1, 10));
      }
    });

    it('pins the window to the end', () => {
      for (const page of [18, 19, 20]) {
        expect(pageWindow({ ...twenty, page, maxSize: 5 }).pages).toEqual([16, 17, 18, 19, 20]);
      }
      for (const page of [16, 20]) {
        expect(pageWindow({ ...twenty, page, maxSize: 10 }).pages).toEqual(range(11, 20));
      }
    });

    it('always shows exactly maxSize links, with no ellipses or first/last outside the window', () => {
      for (const page of range(1, 20)) {
        const { pages } = pageWindow({ ...twenty, page, maxSize: 5 });
        expect(pages).toHaveLength(5);
        expect(pages).toContain(page);
        expect(pages).toEqual(range(pages[0] ?? 0, (pages[0] ?? 0) + 4));
      }
    });
  });

  it('shows every page when maxSize is larger than the page count', () => {
    expect(pageWindow({ page: 2, totalRecords: 35, perPage: 10, maxSize: 10 })).toEqual({
      pages: [1, 2, 3, 4],
      pageCount: 4,
    });
    expect(pageWindow({ page: 3, totalRecords: 50, perPage: 10, maxSize: 5 })).toEqual({
      pages: [1, 2, 3, 4, 5],
      pageCount: 5,
    });
  });

  it('counts exact multiples without an extra page and a remainder as one more', () => {
    expect(pageWindow({ page: 1, totalRecords: 100, perPage: 10, maxSize: 10 }).pageCount).toBe(10);
    expect(pageWindow({ page: 1, totalRecords: 101, perPage: 10, maxSize: 10 }).pageCount).toBe(11);
    expect(pageWindow({ page: 1, totalRecords: 10, perPage: 10, maxSize: 10 })).toEqual({
      pages: [1],
      pageCount: 1,
    });
    expect(pageWindow({ page: 1, totalRecords: 1, perPage: 10, maxSize: 10 })).toEqual({
      pages: [1],
      pageCount: 1,
    });
  });

  it('has no pages for empty results', () => {
    expect(pageWindow({ page: 1, totalRecords: 0, perPage: 10, maxSize: 10 })).toEqual({
      pages: [],
      pageCount: 0,
    });
    expect(pageWindow({ page: 3, totalRecords: 0, perPage: 10, maxSize: 5 })).toEqual({
      pages: [],
      pageCount: 0,
    });
    expect(pageWindow({ page: 1, totalRecords: 50, perPage: 0, maxSize: 5 })).toEqual({
      pages: [],
      pageCount: 0,
    });
  });

  describe('clamping', () => {
    it('treats a page past the end as the last page', () => {
      expect(pageWindow({ ...twenty, page: 25, maxSize: 5 }).pages).toEqual([16, 17, 18, 19, 20]);
      expect(pageWindow({ ...twenty, page: Infinity, maxSize: 5 }).pages).toEqual([
        16, 17, 18, 19, 20,
      ]);
    });

    it('treats a page before the start as the first page', () => {
      for (const page of [0, -3, -Infinity, Number.NaN]) {
        expect(pageWindow({ ...twenty, page, maxSize: 5 }).pages).toEqual([1, 2, 3, 4, 5]);
      }
    });

    it('truncates a fractional page and shows at least one link', () => {
      expect(pageWindow({ ...twenty, page: 7.8, maxSize: 5 }).pages).toEqual([5, 6, 7, 8, 9]);
      expect(pageWindow({ ...twenty, page: 7, maxSize: 0 }).pages).toEqual([7]);
    });

    it('clampPage and pageCountOf', () => {
      expect(clampPage(0, 20)).toBe(1);
      expect(clampPage(21, 20)).toBe(20);
      expect(clampPage(5, 20)).toBe(5);
      expect(clampPage(5, 0)).toBe(0);
      expect(pageCountOf(0, 10)).toBe(0);
      expect(pageCountOf(95, 10)).toBe(10);
      expect(pageCountOf(-5, 10)).toBe(0);
    });
  });
});
