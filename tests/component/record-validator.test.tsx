import { describe, expect, it, vi } from 'vitest';
import { recordTypes, recordValidator } from '../../src/engine/record-types.ts';

describe('record validators compiled at build time', () => {
  it('exist for every record type and validate without compiling anything in the browser', async () => {
    const compile = vi.spyOn(globalThis, 'Function');
    expect(recordTypes.size).toBeGreaterThan(0);
    for (const type of recordTypes.values()) {
      const validator = await recordValidator(type);
      expect(validator.isValid(type.schema, {}, type.schema)).toBe(false);
    }
    const monthly = recordTypes.get('monthly');
    if (!monthly) throw new Error('no monthly record type');
    const validator = await recordValidator(monthly);
    const good = validator.validateFormData(
      { month: '2026-10-01', milk_sold_litres: 182_450, cows_in_milk: 212 },
      monthly.schema,
    );
    expect(good.errors).toEqual([]);
    const bad = validator.validateFormData(
      { month: 'October', milk_sold_litres: -1, cows_in_milk: 2.5 },
      monthly.schema,
    );
    expect(bad.errors.map((e) => e.property).sort()).toEqual(
      ['.cows_in_milk', '.milk_sold_litres', '.month'].sort(),
    );
    expect(compile).not.toHaveBeenCalled();
  });
});
