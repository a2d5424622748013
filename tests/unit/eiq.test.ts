import { describe, expect, it } from 'vitest';
import {
  activeKgPerHa,
  EIQ_INGREDIENTS,
  evaluateApplications,
  fieldUseEiq,
  programmeEiq,
  type Application,
} from '../../src/screens/eiq-calculator/eiq.ts';

const glyphosate: Application = {
  product: 'Glyphosate 360',
  ingredient: '',
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

  it('takes the EIQ from the table, with its source, and gives it per hectare and per acre', () => {
    expect(EIQ_INGREDIENTS.filter((i) => i.eiq !== null).length).toBeGreaterThanOrEqual(10);
    for (const i of EIQ_INGREDIENTS) expect(i.source).not.toBe('');
    const fromTable = { ...glyphosate, ingredient: 'glyphosate', eiq: 0 };
    const { rows, totals } = evaluateApplications([fromTable]);
    expect(rows[0]?.perHa).toBeCloseTo(16.5564, 6);
    // 1 kg/ha = 0.892179 lb/acre (Cornell's per-acre convention)
    expect(totals.field_eiq_per_acre).toBeCloseTo(16.5564 * 0.892179, 4);
    expect(totals.field_eiq_per_ha).toBeCloseTo(16.5564, 6);
    const single = evaluateApplications([{ ...fromTable, ingredient: 'chlorothalonil' }]);
    expect(single.rows[0]).toMatchObject({ confirmed: false });
  });

  it('counts the typed EIQ for an ingredient the table holds without a value', () => {
    const held = EIQ_INGREDIENTS.find((i) => i.eiq === null);
    expect(held).toBeDefined();
    const { rows } = evaluateApplications([
      { ...glyphosate, ingredient: held?.key ?? '', eiq: 10 },
    ]);
    expect(rows[0]?.perHa).toBeCloseTo(10.8, 6);
  });
});
