import { describe, expect, it } from 'vitest';
import {
  evaluateOperations,
  STIR_PRESETS,
  stirOf,
  stirTotal,
  type Operation,
} from '../../src/screens/stir-calculator/stir.ts';

const plough: Operation = {
  name: 'Mouldboard plough',
  preset: '',
  type: 'inversion',
  speedKmh: 5 * 1.609344, // 5 mph
  depthCm: 8 * 2.54, // 8 inches
  areaDisturbedPercent: 100,
};

describe('the Soil Tillage Intensity Rating', () => {
  it('follows the NRCS equation: (0.5 × mph) × (3.25 × type) × inches × area', () => {
    // 0.5 × 5 × 3.25 × 1 × 8 × 1
    expect(stirOf(plough)).toBeCloseTo(65, 6);
  });

  it('scales with the tillage type and the share of the surface disturbed', () => {
    const drill: Operation = {
      name: 'Direct drill',
      preset: '',
      type: 'mixing',
      speedKmh: 8,
      depthCm: 4,
      areaDisturbedPercent: 15,
    };
    // 0.5 × (8 / 1.609344) × 3.25 × 0.7 × (4 / 2.54) × 0.15
    expect(stirOf(drill)).toBeCloseTo(1.3357, 4);
    expect(stirOf({ ...plough, type: 'compression' })).toBeCloseTo(65 * 0.15, 6);
    expect(stirOf({ ...plough, areaDisturbedPercent: 0 })).toBe(0);
  });

  it("sums a year's operations", () => {
    expect(stirTotal([plough, plough])).toBeCloseTo(130, 6);
    expect(stirTotal([])).toBe(0);
  });

  it("rates a preset with its RUSLE2 value and flags an unconfirmed one with the table's note", () => {
    const presets = Object.fromEntries(STIR_PRESETS.map((p) => [p.key, p.stir]));
    expect(presets).toMatchObject({
      mouldboard_plough: 65,
      chisel: 46,
      heavy_offset_disc: 39,
      field_cultivator: 26,
      no_till_drill: 6,
      row_planter: 2,
    });
    const chisel = { ...plough, preset: 'chisel' };
    expect(stirOf(chisel)).toBe(46);
    const { rows, totals } = evaluateOperations([
      { ...plough, preset: 'no_till_drill' },
      { ...plough, preset: 'light_tandem_disc' },
    ]);
    expect(totals).toMatchObject({ stir: 26, no_till_threshold: 20, meets_no_till: false });
    expect(rows[1]).toMatchObject({ confirmed: false });
    expect(rows[1]?.notes[0]).toMatch(/^Unconfirmed: /);
    expect(evaluateOperations([{ ...plough, preset: 'row_planter' }]).totals.meets_no_till).toBe(
      true,
    );
  });
});
