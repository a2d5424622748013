import { describe, expect, it } from 'vitest';
import {
  cropSummaries,
  daysInMonth,
  monthFigures,
  monthTotals,
  yearFigures,
} from '../../src/screens/reports/report-figures.ts';

describe('monthly report figures', () => {
  const october = monthFigures({
    month: '2026-10-01',
    milk_sold_litres: 186_000,
    cows_in_milk: 200,
    butterfat_percent: 4.2,
    concentrate_fed_tonnes: 55.8,
    milk_price_ppl: 42.5,
  });

  it('knows the days of each month, leap years included', () => {
    expect(daysInMonth('2026-10-01')).toBe(31);
    expect(daysInMonth('2028-02-14')).toBe(29);
    expect(daysInMonth('2026-02-14')).toBe(28);
    expect(daysInMonth('October')).toBeNull();
  });

  it('works out yield per cow per day, concentrate use and income', () => {
    expect(october.yieldPerCow).toBeCloseTo(30, 6); // 186,000 / 200 / 31
    expect(october.concentrateKgPerLitre).toBeCloseTo(0.3, 6); // 55,800 kg / 186,000 l
    expect(october.incomeGbp).toBeCloseTo(79_050, 6); // 186,000 × 42.5p
    expect(october.protein).toBeNull();
  });

  it('leaves a figure out rather than dividing by nothing', () => {
    const empty = monthFigures({ month: '2026-09-01', milk_sold_litres: 0, cows_in_milk: 0 });
    expect(empty.yieldPerCow).toBeNull();
    expect(empty.concentrateKgPerLitre).toBeNull();
  });

  it('totals litres and income, and averages the price over the priced litres', () => {
    const september = monthFigures({
      month: '2026-09-01',
      milk_sold_litres: 174_000,
      cows_in_milk: 198,
      milk_price_ppl: 41,
    });
    const unpriced = monthFigures({ month: '2026-08-01', milk_sold_litres: 100_000 });
    const totals = monthTotals([october, september, unpriced]);
    expect(totals.litres).toBe(460_000);
    expect(totals.incomeGbp).toBeCloseTo(79_050 + 71_340, 6);
    expect(totals.averagePricePpl).toBeCloseTo((150_390 * 100) / 360_000, 6);
  });
});

describe('annual report figures', () => {
  it('derives the gross margin, per hectare, and profit before scheme income', () => {
    const year = yearFigures({
      year_end_date: '2026-03-31',
      total_farmed_ha: 250,
      total_output_gbp: 900_000,
      variable_costs_gbp: 400_000,
      fixed_costs_gbp: 380_000,
      scheme_income_gbp: 35_000,
      net_profit_gbp: 155_000,
    });
    expect(year.grossMarginGbp).toBe(500_000);
    expect(year.grossMarginPerHa).toBe(2_000);
    expect(year.profitBeforeSchemesGbp).toBe(120_000);
    expect(yearFigures({ year_end_date: '2025-03-31' }).grossMarginGbp).toBeNull();
  });
});

describe('crop report figures', () => {
  it('groups by harvest year and crop, weighting yields by area', () => {
    const summaries = cropSummaries([
      {
        crop: 'Winter wheat',
        field_area_ha: 10,
        yield_t_per_ha: 9,
        nitrogen_kg_per_ha: 200,
        harvest_date: '2026-08-10',
      },
      { crop: 'Winter wheat', field_area_ha: 30, yield_t_per_ha: 7, harvest_date: '2026-08-12' },
      { crop: 'Winter wheat', field_area_ha: 5, drilling_date: '2026-10-01' },
      { crop: 'Spring barley', field_area_ha: 12, yield_t_per_ha: 6, harvest_date: '2026-08-01' },
      { crop: 'Winter wheat', field_area_ha: 20, yield_t_per_ha: 8.5, harvest_date: '2025-08-09' },
    ]);
    // The wheat drilled in October 2026 is the 2027 harvest's.
    expect(summaries.map((s) => `${s.year} ${s.crop}`)).toEqual([
      '2027 Winter wheat',
      '2026 Spring barley',
      '2026 Winter wheat',
      '2025 Winter wheat',
    ]);
    expect(summaries[0]).toMatchObject({ areaHa: 5, productionT: 0, yieldTPerHa: null });
    const wheat = summaries[2];
    expect(wheat?.fields).toBe(2);
    expect(wheat?.areaHa).toBe(40);
    expect(wheat?.productionT).toBe(300); // 10 × 9 + 30 × 7
    expect(wheat?.yieldTPerHa).toBeCloseTo(7.5, 6);
    expect(wheat?.nitrogenKgPerHa).toBe(200); // only the field with a figure
  });
});
