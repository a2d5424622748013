import { describe, expect, it } from 'vitest';
import { stirOf, stirTotal, type Operation } from '../../src/screens/stir-calculator/stir.ts';

const plough: Operation = {
  name: 'Mouldboard plough',
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
});
