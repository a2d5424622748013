import { describe, expect, it, vi } from 'vitest';
import { recordTypes } from '../../src/engine/all-record-types.ts';
import { recordValidator } from '../../src/engine/record-validator.ts';

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

  it("runs ajv's runtime helpers too: string lengths, patterns, formats and choices", async () => {
    const type = (name: string) => {
      const found = recordTypes.get(name);
      if (!found) throw new Error(`no ${name} record type`);
      return found;
    };
    const monthly = type('monthly');
    const tooLong = (await recordValidator(monthly)).validateFormData(
      { month: '2026-10-01', milk_sold_litres: 1, cows_in_milk: 1, notes: 'x'.repeat(2001) },
      monthly.schema,
    );
    expect(tooLong.errors.map((e) => e.property)).toEqual(['.notes']);

    const passport = type('load-passport');
    const validator = await recordValidator(passport);
    const valid = {
      passport_number: 'FF-2026-000417',
      load_date: '2026-10-02',
      crop: 'potatoes',
      field_name: 'Long Acre',
      phi_met: 'yes',
    };
    expect(validator.validateFormData(valid, passport.schema).errors).toEqual([]);
    const wrong = validator.validateFormData(
      { ...valid, load_date: '2026-13-45', phi_met: 'maybe' },
      passport.schema,
    );
    expect(wrong.errors.map((e) => e.property)).toEqual(
      expect.arrayContaining(['.load_date', '.phi_met']),
    );
  });
});
