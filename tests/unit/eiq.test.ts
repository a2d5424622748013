import { describe, expect, it } from 'vitest';
import {
  activeKgPerHa,
  fieldUseEiq,
  programmeEiq,
  type Application,
} from '../../src/screens/eiq-calculator/eiq.ts';

const glyphosate: Application = {
  product: 'Glyphosate 360',
  activeIngredient: 'glyphosate',
  eiq: 15.33,
  contentGPerUnit: 360,
  ratePerHa: 3,
};

describe('the Field Use EIQ', () => {
  it('is the EIQ times the active ingredient applied per hectare', () => {
    expect(activeKgPerHa(glyphosate)).toBeCloseTo(1.08, 6); // 3 l × 360 g/l
    expect(fieldUseEiq(glyphosate)).toBeCloseTo(16.5564, 6); // 15.33 × 1.08
  });

  it('sums a spray programme, and a zero rate adds nothing', () => {
    expect(programmeEiq([glyphosate, { ...glyphosate, ratePerHa: 1.5 }])).toBeCloseTo(
      16.5564 * 1.5,
      6,
    );
    expect(fieldUseEiq({ ...glyphosate, ratePerHa: 0 })).toBe(0);
    expect(programmeEiq([])).toBe(0);
  });
});
