import { describe, expect, it } from 'vitest';
import { formatDate, toDate } from '../../src/core/format/dates.ts';

const day = Date.UTC(2026, 8, 5, 12) / 1000; // 5 September 2026, 12:00 UTC

describe('date formats (spec section 9, from config)', () => {
  it.each([
    ['short', '05/09/2026'],
    ['medium', '05 Sep 2026'],
    ['long', '05 September 2026'],
    ['monthYear', 'Sep 2026'],
    ['dayMonth', '05 Sep'],
  ] as const)('%s → %s', (format, expected) => {
    expect(formatDate(day, format)).toBe(expected);
    expect(formatDate('2026-09-05', format)).toBe(expected);
  });

  it('shows nothing for no date or an invalid one', () => {
    expect(formatDate(undefined, 'short')).toBe('');
    expect(formatDate('soon', 'short')).toBe('');
    expect(toDate('2026-13-45')).toBeUndefined();
  });
});
