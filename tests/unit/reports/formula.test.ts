import { describe, expect, it } from 'vitest';
import {
  callProblems,
  evaluateFormula,
  FormulaError,
  namesIn,
  parseFormula,
} from '../../../shared/reports/formula.ts';

const values: Record<string, number | null> = {
  litres: 186_000,
  cows: 200,
  price: 42.5,
  none: null,
};
const run = (text: string, period: string | null = '2026-10') =>
  evaluateFormula(parseFormula(text), { value: (n) => values[n] ?? null, period });

describe('report formulas', () => {
  it('works out + − × ÷ with the usual precedence, parentheses and unary minus', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('-2 * -3')).toBe(6);
    expect(run('litres * price / 100')).toBeCloseTo(79_050, 6); // 186,000 l × 42.5p
  });

  it('knows the days of the period: 31 in October, 29 in February 2028, 366 in 2028', () => {
    expect(run('litres / cows / days_in_month(period)')).toBeCloseTo(30, 6); // 186,000 / 200 / 31
    expect(run('days_in_month(period)', '2028-02')).toBe(29);
    expect(run('days_in_month(period)', '2026-02')).toBe(28);
    expect(run('days_in_year(period)', '2028')).toBe(366);
    expect(run('days_in_month(period)', null)).toBeNull();
  });

  it('gives no figure for a missing value or a division by nothing, never NaN or Infinity', () => {
    expect(run('litres / none')).toBeNull();
    expect(run('litres / 0')).toBeNull();
    expect(run('none - 1')).toBeNull();
    expect(run('or_zero(none) + 1')).toBe(1);
    expect(run('max(litres, cows) - min(cows, 1) + abs(-2)')).toBe(186_001);
  });

  it('names the measures it reads, and refuses what it cannot read with where', () => {
    expect(namesIn(parseFormula('litres / cows / days_in_month(period)'))).toEqual([
      'litres',
      'cows',
    ]);
    expect(() => parseFormula('litres * ')).toThrow(FormulaError);
    expect(() => parseFormula('(litres')).toThrow('expected ")"');
    expect(() => parseFormula('litres cows')).toThrow('expected an operator');
    expect(() => parseFormula('litres ^ 2')).toThrow(expect.objectContaining({ at: 7 }) as Error);
    // No way into JavaScript: there is no eval, and a call is only one of the registry's.
    expect(callProblems(parseFormula('constructor(1)'))).toEqual([
      expect.stringContaining('calls "constructor", which is not a function of formulas'),
    ]);
    expect(callProblems(parseFormula('days_in_month(litres)'))).toEqual([
      'days_in_month takes the word period: days_in_month(period)',
    ]);
    expect(callProblems(parseFormula('max(1)'))).toEqual([
      'calls max with 1 argument(s); it takes 2',
    ]);
  });
});
