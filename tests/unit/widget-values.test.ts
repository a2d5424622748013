import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatTypedDate,
  fromStoredDate,
  parseTypedDate,
  toStoredDate,
} from '../../src/widgets/date-value.ts';
import { formatNumeric, parseNumeric, sanitiseNumeric } from '../../src/widgets/numeric-text.ts';

describe('numeric field text (spec section 5)', () => {
  const money = { decimals: 2, allowNegative: true };
  const whole = { decimals: 0, allowNegative: false };

  it.each([
    ['12a3', whole, '123'],
    ['1,234.56', money, '1234.56'],
    ['1.2.3', money, '1.23'],
    ['3.14159', money, '3.14'],
    ['-5.5', money, '-5.5'],
    ['-5', whole, '5'],
    ['5-3', money, '53'],
    ['12.5', whole, '125'],
    ['£ 1 000', whole, '1000'],
    ['1e5', whole, '15'],
    ['', money, ''],
    ['.', money, '.'],
    // A comma: grouping when there is a dot or the digits are grouped in threes (en-GB),
    // otherwise the decimal separator (the rule is written down in numeric-text.ts).
    ['4,05', money, '4.05'],
    ['4,5', money, '4.5'],
    ['4,', money, '4.'],
    [',5', money, '.5'],
    ['1,234.5', money, '1234.5'],
    ['1,234', money, '1234'],
    ['12,345,678', whole, '12345678'],
    ['1,2345', money, '1.23'],
    ['1234,5', money, '1234.5'],
    ['1,23,4', money, '1.23'],
    ['-4,05', money, '-4.05'],
    ['4,05', whole, '405'],
    // No leading zero runs into the next digit.
    ['07.242', money, '7.24'],
    ['007', whole, '7'],
    ['0', whole, '0'],
    ['0.5', money, '0.5'],
    ['-0,5', money, '-0.5'],
  ])('%j keeps %j', (text, rules, kept) => {
    expect(sanitiseNumeric(text, rules)).toBe(kept);
  });

  it('reads numbers, leaves half-typed text undefined, and can default empty to zero', () => {
    expect(parseNumeric('12.50')).toBe(12.5);
    expect(parseNumeric('-0.5')).toBe(-0.5);
    expect(parseNumeric('')).toBeUndefined();
    expect(parseNumeric('', true)).toBe(0);
    expect(parseNumeric('-')).toBeUndefined();
  });

  it('shows stored numbers with no more places than allowed', () => {
    expect(formatNumeric(4.125, 2)).toBe('4.13');
    expect(formatNumeric(182450, 0)).toBe('182450');
    expect(formatNumeric(undefined, 2)).toBe('');
  });
});

describe('date field values', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores a day as epoch seconds at 12:00 or as yyyy-MM-dd', () => {
    expect(toStoredDate('2026-10-01', 'epoch')).toBe(Date.UTC(2026, 9, 1, 12) / 1000);
    expect(toStoredDate('2026-10-01', 'date-string')).toBe('2026-10-01');
    expect(toStoredDate('', 'epoch')).toBeUndefined();
  });

  it("logs 'Valid date not supplied' for a day that does not exist", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toStoredDate('2026-02-30', 'date-string')).toBeUndefined();
    expect(String(warn.mock.calls[0]?.[0])).toContain('Valid date not supplied');
  });

  it("shows stored values, and logs 'Date and storage format don't match' for a mismatch", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(fromStoredDate(Date.UTC(2026, 9, 1, 12) / 1000, 'epoch')).toBe('2026-10-01');
    expect(fromStoredDate('2026-10-01', 'date-string')).toBe('2026-10-01');
    expect(fromStoredDate('2026-10-01', 'epoch')).toBe('');
    expect(String(warn.mock.calls[0]?.[0])).toContain("Date and storage format don't match");
    expect(fromStoredDate(undefined, 'epoch')).toBe('');
  });
});

describe('typed dates (dd/MM/yyyy whatever the browser language)', () => {
  it.each([
    ['14/03/2026', '2026-03-14'],
    ['4/3/2026', '2026-03-04'],
    ['04/03/2026', '2026-03-04'],
    ['14-03-2026', '2026-03-14'],
    ['14.03.2026', '2026-03-14'],
    [' 14 / 3 / 2026 ', '2026-03-14'],
    ['14032026', '2026-03-14'],
    ['29/02/2028', '2028-02-29'],
  ])('%j is %s', (text, day) => {
    expect(parseTypedDate(text)).toEqual({ kind: 'day', day });
  });

  it.each([
    ['31/02/2026', '31/02/2026 is not a date'],
    ['29/02/2026', '29/02/2026 is not a date'],
    ['13/13/2026', '13/13/2026 is not a date'],
    ['2026-03-14', 'Enter the date as dd/mm/yyyy, for example 14/03/2026'],
    ['14/03/26', 'Enter the date as dd/mm/yyyy, for example 14/03/2026'],
    ['14/03', 'Enter the date as dd/mm/yyyy, for example 14/03/2026'],
    ['soon', 'Enter the date as dd/mm/yyyy, for example 14/03/2026'],
  ])('%j is refused: %s', (text, message) => {
    expect(parseTypedDate(text)).toEqual({ kind: 'invalid', message });
  });

  it('reads nothing as empty, and follows the order of the configured pattern', () => {
    expect(parseTypedDate('  ')).toEqual({ kind: 'empty' });
    expect(parseTypedDate('03/14/2026', 'MM/dd/yyyy')).toEqual({ kind: 'day', day: '2026-03-14' });
  });

  it('shows a day in the pattern', () => {
    expect(formatTypedDate('2026-03-04')).toBe('04/03/2026');
    expect(formatTypedDate('2026-03-04', 'MM/dd/yyyy')).toBe('03/04/2026');
    expect(formatTypedDate('')).toBe('');
  });
});
