import { describe, expect, it } from 'vitest';
import { evaluateEiq } from '../../../shared/calc/eiq.ts';
import { evaluateStir } from '../../../shared/calc/stir.ts';
import { methodFor } from '../../../shared/calc/tables.ts';

describe('STIR (USDA-NRCS RUSLE2): facts file §3', () => {
  const method = methodFor('stir');

  it('§3.2 test vector: plough 65 + heavy offset disc 39 + no-till drill 6 = 110', () => {
    const r = evaluateStir(
      {
        operations: [
          { preset: 'mouldboard_plough' },
          { preset: 'heavy_offset_disc' },
          { preset: 'no_till_drill' },
        ],
      },
      method,
    );
    expect(r.totals.stir).toBe(110);
    expect(r.totals.meets_no_till).toBe(false);
    expect(r.totals.no_till_threshold).toBe(20);
    expect(r.lines[0]?.uses).toEqual(['rusle2-stir@1#preset_mouldboard_plough']);
  });

  it.each([
    ['mouldboard_plough', 65],
    ['chisel', 46],
    ['heavy_offset_disc', 39],
    ['field_cultivator', 26],
    ['no_till_drill', 6],
    ['row_planter', 2],
  ])('ships the RUSLE2 preset %s = %i', (preset, stir) => {
    expect(evaluateStir({ operations: [{ preset }] }, method).totals.stir).toBe(stir);
  });

  it('§3.1 formula: 5 mph, 8 in, inversion, full width = 65; no-till drill alone meets CPS 329', () => {
    const r = evaluateStir(
      {
        operations: [
          {
            speed_kmh: 5 * 1.609344,
            depth_cm: 8 * 2.54,
            tillage_type: 'inversion',
            surface_disturbed_pct: 100,
          },
        ],
      },
      method,
    );
    expect(r.totals.stir).toBeCloseTo(65, 9);
    const drill = evaluateStir(
      { operations: [{ preset: 'no_till_drill' }, { preset: 'row_planter' }] },
      method,
    );
    expect(drill.totals.stir).toBe(8);
    expect(drill.totals.meets_no_till).toBe(true);
    expect(drill.totals.reduced_till_threshold_confirmed).toBe(false);
  });

  it('takes other names for presets (moldboard plow, offset disk, planter)', () => {
    const r = evaluateStir(
      {
        operations: [
          { preset: 'Moldboard plow' },
          { preset: 'offset_disk' },
          { preset: 'planter' },
        ],
      },
      method,
    );
    expect(r.totals.stir).toBe(65 + 39 + 2);
    expect(r.lines.map((l) => l.values.preset)).toEqual([
      'mouldboard_plough',
      'heavy_offset_disc',
      'row_planter',
    ]);
  });

  it('refuses an unknown preset and tillage type, per field', () => {
    expect(() =>
      evaluateStir(
        {
          operations: [
            { preset: 'spade' },
            { speed_kmh: 1, depth_cm: 1, tillage_type: 'stirring', surface_disturbed_pct: 1 },
          ],
        },
        method,
      ),
    ).toThrow(
      expect.objectContaining({
        errors: {
          'operations.0.preset': [expect.any(String)],
          'operations.1.tillage_type': [expect.any(String)],
        },
      }),
    );
  });
});

describe('Field Use EIQ (Kovach et al. 1992): facts file §4', () => {
  const method = methodFor('eiq');

  it('§4.3 season programme: 9.428 + 40.414 + 1.760 = 51.601 per acre', () => {
    const r = evaluateEiq(
      {
        applications: [
          { active_ingredient: 'glyphosate', ai_lb_per_acre: 0.41 * 1.5 },
          { active_ingredient: 'Chlorothalonil', ai_lb_per_acre: 0.54 * 2 },
          { active_ingredient: 'metaldehyde', ai_lb_per_acre: 0.03 * 5 },
        ],
      },
      method,
    );
    expect(r.lines.map((l) => l.values.field_eiq_per_acre)).toEqual([
      expect.closeTo(9.428, 3),
      expect.closeTo(40.414, 3),
      expect.closeTo(1.76, 3),
    ]);
    expect(r.totals.field_eiq_per_acre).toBeCloseTo(51.601, 3);
    // Per hectare: EIQ × kg a.i./ha (lb/acre × 1.12085).
    expect(r.totals.field_eiq_per_ha).toBeCloseTo(51.601 * 1.120851, 2);
    expect(r.lines[1]?.confirmed).toBe(false);
  });

  it('takes the amount as the product rate and its content: 3 l/ha of 360 g/l is 1.08 kg a.i./ha', () => {
    const r = evaluateEiq(
      {
        applications: [
          { active_ingredient: 'glyphosate', product_rate_per_ha: 3, ai_g_per_unit: 360 },
          {
            eiq: 20,
            ingredient_name: 'Trial product',
            product_rate_per_ha: 0.5,
            ai_g_per_unit: 250,
          },
        ],
      },
      method,
    );
    // 15.33 × 1.08 = 16.5564; 20 × 0.125 = 2.5.
    expect(r.lines[0]?.values.ai_kg_per_ha).toBeCloseTo(1.08, 10);
    expect(r.lines[0]?.values.field_eiq_per_ha).toBeCloseTo(16.5564, 10);
    expect(r.lines[0]?.formula).toBe(
      'EIQ 15.33 × 3 kg or l/ha × 360 g/kg or l = 1.08 kg a.i./ha (0.963553 lb a.i./acre)',
    );
    expect(r.lines[1]?.label).toBe('Trial product');
    expect(r.totals.field_eiq_per_ha).toBeCloseTo(19.0564, 10);
  });

  it('refuses an amount given two ways, or a product rate without its content', () => {
    expect(() =>
      evaluateEiq(
        {
          applications: [
            {
              active_ingredient: 'glyphosate',
              ai_kg_per_ha: 1,
              product_rate_per_ha: 3,
              ai_g_per_unit: 360,
            },
            { active_ingredient: 'glyphosate', product_rate_per_ha: 3 },
          ],
        },
        method,
      ),
    ).toThrow(
      expect.objectContaining({
        errors: {
          'applications.0.ai_kg_per_ha': [
            'Give the amount one way only: kg per ha, lb per acre, or the product rate and its content',
          ],
          'applications.1.ai_g_per_unit': ['Give the product’s content in g per kg or litre'],
        },
      }),
    );
  });

  it.each([
    ['glyphosate', 15.33],
    ['2,4-D', 16.67],
    ['chlorothalonil', 37.42],
    ['mancozeb', 25.72],
    ['Lambda-cyhalothrin', 44.17],
    ['metaldehyde', 11.73],
    ['tebuconazole', 40.33],
    ['pendimethalin', 30.17],
    ['epoxiconazole', 57.7],
    ['azoxystrobin', 26.92],
  ])('ships the EIQ of %s (%f), each with its source', (name, eiq) => {
    const r = evaluateEiq({ applications: [{ active_ingredient: name, ai_kg_per_ha: 1 }] }, method);
    expect(r.totals.field_eiq_per_ha).toBe(eiq);
    expect(r.lines[0]?.uses[0]).toMatch(/^cornell-eiq@1#/);
  });

  it('takes an EIQ given directly (the screen’s 15.33 × 1.08 kg/ha = 16.56)', () => {
    const r = evaluateEiq({ applications: [{ eiq: 15.33, ai_kg_per_ha: 1.08 }] }, method);
    expect(r.totals.field_eiq_per_ha).toBeCloseTo(16.5564, 9);
  });

  it('refuses prothioconazole (no confirmed EIQ), an unknown ingredient and a missing rate', () => {
    expect(() =>
      evaluateEiq(
        {
          applications: [
            { active_ingredient: 'prothioconazole', ai_kg_per_ha: 0.2 },
            { active_ingredient: 'unobtainium', ai_kg_per_ha: 0.2 },
            { eiq: 10 },
          ],
        },
        method,
      ),
    ).toThrow(
      expect.objectContaining({
        errors: {
          'applications.0.active_ingredient': [expect.stringMatching(/no confirmed EIQ/)],
          'applications.1.active_ingredient': [expect.stringMatching(/not in the EIQ table/)],
          'applications.2.ai_kg_per_ha': [expect.any(String)],
        },
      }),
    );
  });
});
