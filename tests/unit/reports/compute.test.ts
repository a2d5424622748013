/**
 * The reports of config/reports/ worked out by shared/reports from hand-worked records: the
 * monthly, annual and crop figures the old screens gave (tests/unit/report-figures.test.ts, moved
 * here), and the herd, check and forecast reports.
 */
import { describe, expect, it } from 'vitest';
import annualJson from '../../../config/reports/annual.json';
import checkJson from '../../../config/reports/annual-check.json';
import cropJson from '../../../config/reports/crop.json';
import forecastJson from '../../../config/reports/forecast-monthly.json';
import herdJson from '../../../config/reports/herd.json';
import medicineJson from '../../../config/reports/medicine.json';
import monthlyJson from '../../../config/reports/monthly.json';
import { computeReport, defaultRange, newestPeriodOf } from '../../../shared/reports/compute.ts';
import type { ReportDeclaration } from '../../../shared/reports/declaration.ts';
import type { ReportResult } from '../../../shared/reports/result.ts';

const monthly = monthlyJson as ReportDeclaration;
const annual = annualJson as ReportDeclaration;
const crop = cropJson as ReportDeclaration;
const herd = herdJson as unknown as ReportDeclaration;
const check = checkJson as unknown as ReportDeclaration;
const forecast = forecastJson as unknown as ReportDeclaration;
const medicine = medicineJson as unknown as ReportDeclaration;

type Data = Record<string, unknown>;

/** A table's row: its dimensions joined ("2026-03 Female"), and each column's figure by key. */
type Row = Record<string, number | null | undefined> & { at: string };

/** The table's rows as { dimension values → column values by key }. */
function rowsOf(result: ReportResult, table = 0): Row[] {
  const t = result.tables[table];
  if (!t) throw new Error('no such table');
  return t.rows.map(
    (r) =>
      ({
        ...Object.fromEntries(t.columns.map((c, i) => [c.key, r.values[i] ?? null])),
        at: r.dimensions.join(' '),
      }) as Row,
  );
}
const headline = (result: ReportResult, id: string) => result.headlines.find((h) => h.id === id);

describe('monthly report', () => {
  const records: Data[] = [
    {
      month: '2026-10-01',
      milk_sold_litres: 186_000,
      cows_in_milk: 200,
      butterfat_percent: 4.2,
      concentrate_fed_tonnes: 55.8,
      milk_price_ppl: 42.5,
    },
    { month: '2026-09-01', milk_sold_litres: 174_000, cows_in_milk: 198, milk_price_ppl: 41 },
    { month: '2026-08-01', milk_sold_litres: 100_000 },
    { month: '2025-08-01', milk_sold_litres: 0, cows_in_milk: 0 },
  ];
  const result = computeReport({
    declaration: monthly,
    records: { monthly: records },
    range: { from: '2024-11', to: '2026-10' },
  });

  it('works out yield per cow per day, concentrate use and income month by month, newest first', () => {
    const [october, september, august, lastYear] = rowsOf(result);
    expect(october?.at).toBe('2026-10');
    expect(october?.yield).toBeCloseTo(30, 6); // 186,000 / 200 / 31
    expect(october?.concentrate).toBeCloseTo(0.3, 6); // 55,800 kg / 186,000 l
    expect(october?.income).toBeCloseTo(79_050, 6); // 186,000 × 42.5p
    expect(october?.protein).toBeNull();
    expect(september?.income).toBeCloseTo(71_340, 6); // 174,000 × 41p
    expect(august?.income).toBeNull();
    // Nothing divided by nothing: a dash, not NaN or 0.
    expect(lastYear).toMatchObject({ at: '2025-08', yield: null, concentrate: null });
  });

  it('totals litres and income over the last 12 months, and averages the price over the priced litres', () => {
    expect(headline(result, 'litres')).toMatchObject({
      value: 460_000,
      unit: 'l',
      from: '2026-08',
      to: '2026-10',
      recorded: 3,
      spanned: 3,
    });
    expect(headline(result, 'income')?.value).toBeCloseTo(79_050 + 71_340, 6);
    // (79,050 + 71,340) × 100 / (186,000 + 174,000) = 41.775 ppl
    expect(headline(result, 'price')?.value).toBeCloseTo(41.775, 6);
    expect(result.charts[0]).toMatchObject({
      kind: 'grouped-bars',
      unit: 'l',
      categories: ['2025-08', '2026-08', '2026-09', '2026-10'],
      series: [{ name: 'Milk sold', values: [0, 100_000, 174_000, 186_000] }],
    });
  });

  it('counts twelve calendar months up to the newest, saying how many hold records', () => {
    const days = ['2026-03-01', '2026-01-01', '2025-11-01', '2025-05-01', '2025-03-01'];
    const spread = computeReport({
      declaration: monthly,
      records: { monthly: days.map((month) => ({ month, milk_sold_litres: 100 })) },
      range: defaultRange(monthly, '2026-03'),
    });
    // Apr 2025 to Mar 2026: the four months from May 2025 count, March 2025 does not.
    expect(headline(spread, 'litres')).toMatchObject({
      value: 400,
      from: '2025-05',
      to: '2026-03',
      recorded: 4,
      spanned: 11,
    });
    expect(spread.range).toEqual({ from: '2024-04', to: '2026-03' });
  });

  it('is empty, and says so, without records in the range', () => {
    const none = computeReport({
      declaration: monthly,
      records: { monthly: [{ month: '2020-01-01', milk_sold_litres: 5 }] },
      range: { from: '2026-01', to: '2026-03' },
    });
    expect(none.empty).toBe(true);
    expect(none.sources).toEqual([{ recordType: 'monthly', records: 0 }]);
    expect(headline(none, 'litres')?.value).toBeNull();
  });
});

describe('annual report', () => {
  it('derives the gross margin, per hectare, and profit before scheme income', () => {
    const result = computeReport({
      declaration: annual,
      records: {
        annual: [
          {
            year_end_date: '2026-03-31',
            total_farmed_ha: 250,
            total_output_gbp: 900_000,
            variable_costs_gbp: 400_000,
            fixed_costs_gbp: 380_000,
            scheme_income_gbp: 35_000,
            net_profit_gbp: 155_000,
          },
          { year_end_date: '2025-03-31' },
        ],
      },
      range: { from: '2017', to: '2026' },
    });
    const [year, before] = rowsOf(result);
    expect(year).toMatchObject({ at: '2026', margin: 500_000, margin_ha: 2_000 });
    expect(year?.before_schemes).toBe(120_000);
    expect(before).toMatchObject({ at: '2025', margin: null, margin_ha: null });
  });
});

describe('crop report', () => {
  it('groups by harvest year and crop, weighting yields by area', () => {
    const result = computeReport({
      declaration: crop,
      records: {
        crop: [
          {
            crop: 'Winter wheat',
            field_area_ha: 10,
            yield_t_per_ha: 9,
            nitrogen_kg_per_ha: 200,
            harvest_date: '2026-08-10',
          },
          {
            crop: 'Winter wheat',
            field_area_ha: 30,
            yield_t_per_ha: 7,
            harvest_date: '2026-08-12',
          },
          { crop: 'Winter wheat', field_area_ha: 5, drilling_date: '2026-10-01' },
          {
            crop: 'Spring barley',
            field_area_ha: 12,
            yield_t_per_ha: 6,
            harvest_date: '2026-08-01',
          },
          {
            crop: 'Winter wheat',
            field_area_ha: 20,
            yield_t_per_ha: 8.5,
            harvest_date: '2025-08-09',
          },
        ],
      },
      range: { from: '2023', to: '2027' },
    });
    const rows = rowsOf(result);
    // The wheat drilled in October 2026 is the 2027 harvest's.
    expect(rows.map((r) => r.at)).toEqual([
      '2027 Winter wheat',
      '2026 Spring barley',
      '2026 Winter wheat',
      '2025 Winter wheat',
    ]);
    // Not harvested: no production yet rather than 0 t.
    expect(rows[0]).toMatchObject({ area: 5, production: null, yield: null });
    expect(rows[2]).toMatchObject({ fields: 2, area: 40, production: 300 }); // 10 × 9 + 30 × 7
    expect(rows[2]?.yield).toBeCloseTo(7.5, 6); // 300 t / 40 ha
    expect(rows[2]?.nitrogen).toBe(200); // only the field with a figure
    expect(
      newestPeriodOf(crop, crop.sources.crop ?? {}, {
        period: '2026-08-12',
        fallback: '2026-10-01',
      }),
    ).toBe('2027');
  });
});

describe('herd report', () => {
  // Six animals over January to March 2026.
  const animals: Data[] = [
    { sex: 'Female', date_of_birth: '2020-03-01', status: 'On farm' },
    { sex: 'Female', date_of_birth: '2021-04-01', status: 'Died', date_off_holding: '2026-02-10' },
    { sex: 'Male', date_of_birth: '2025-06-01', status: 'Sold', date_off_holding: '2026-03-31' },
    { sex: 'Male', date_of_birth: '2026-01-15', status: 'On farm' },
    {
      sex: 'Castrated male',
      date_of_birth: '2024-01-01',
      date_moved_on: '2026-02-01',
      status: 'On farm',
    },
    // Gone, but when is not known: left out of the counts.
    { sex: 'Female', date_of_birth: '2019-01-01', status: 'Sold' },
  ];
  const result = computeReport({
    declaration: herd,
    records: { animal: animals },
    range: { from: '2026-01', to: '2026-03' },
  });

  it('counts head at the start and end of each month, births, arrivals, deaths and sales', () => {
    expect(rowsOf(result)).toEqual([
      // March: 4 at the start; the bull calf born last June sold on the 31st.
      {
        at: '2026-03',
        opening: 4,
        births: 0,
        arrivals: 0,
        deaths: 0,
        sales: 1,
        head: 3,
        mortality: 0,
        weighed: 0,
        dlwg: null,
      },
      // February: a cow died (1 of 4 = 25 %), a steer moved on.
      {
        at: '2026-02',
        opening: 4,
        births: 0,
        arrivals: 1,
        deaths: 1,
        sales: 0,
        head: 4,
        mortality: 25,
        weighed: 0,
        dlwg: null,
      },
      // January: 3 at the start, a calf born.
      {
        at: '2026-01',
        opening: 3,
        births: 1,
        arrivals: 0,
        deaths: 0,
        sales: 0,
        head: 4,
        mortality: 0,
        weighed: 0,
        dlwg: null,
      },
    ]);
  });

  it('splits head by sex, and gives headline births, deaths, sales and mortality', () => {
    const bySex = rowsOf(result, 1).filter((r) => r.at.startsWith('2026-03'));
    expect(bySex.map((r) => [r.at, r.head])).toEqual([
      ['2026-03 Castrated male', 1],
      ['2026-03 Female', 1],
      ['2026-03 Male', 1],
    ]);
    expect(result.charts[0]?.series.map((s) => [s.name, s.values])).toEqual([
      ['Castrated male', [0, 1, 1]],
      ['Female', [2, 1, 1]],
      ['Male', [2, 2, 1]],
    ]);
    expect(headline(result, 'head')?.value).toBe(3);
    expect(headline(result, 'births')?.value).toBe(1);
    expect(headline(result, 'deaths')?.value).toBe(1);
    expect(headline(result, 'sales')?.value).toBe(1);
    // 1 death of the 3 head there at the start of January.
    expect(headline(result, 'mortality')?.value).toBeCloseTo(33.333, 3);
  });
});

describe('herd report: daily liveweight gain from birth', () => {
  // By hand: (610 − 42) kg over the 689 days from 2 Apr 2024 to 20 Feb 2026 = 0.8244 kg a day;
  // (620 − 40) over the 664 days from 15 May 2024 to 10 Mar 2026 = 0.8735; (480 − 38) over the
  // 689 days from 20 Apr 2024 to 10 Mar 2026 = 0.6415. March's mean 0.7575; the quarter's,
  // weighted by the animals weighed each month, (0.8244 + 2 × 0.7575) / 3 = 0.7798.
  const animals: Data[] = [
    {
      sex: 'Castrated male',
      date_of_birth: '2024-04-02',
      birth_weight_kg: 42,
      last_weighed_date: '2026-02-20',
      last_weight_kg: 610,
      status: 'On farm',
    },
    {
      sex: 'Castrated male',
      date_of_birth: '2024-05-15',
      birth_weight_kg: 40,
      last_weighed_date: '2026-03-10',
      last_weight_kg: 620,
      status: 'On farm',
    },
    {
      sex: 'Female',
      date_of_birth: '2024-04-20',
      birth_weight_kg: 38,
      last_weighed_date: '2026-03-10',
      last_weight_kg: 480,
      status: 'On farm',
    },
    // No birth weight: left out. Weighed outside the months shown: left out.
    {
      sex: 'Female',
      date_of_birth: '2024-04-21',
      last_weighed_date: '2026-03-10',
      last_weight_kg: 500,
      status: 'On farm',
    },
    {
      sex: 'Male',
      date_of_birth: '2024-04-21',
      birth_weight_kg: 40,
      last_weighed_date: '2025-12-01',
      last_weight_kg: 400,
      status: 'On farm',
    },
  ];
  const result = computeReport({
    declaration: herd,
    records: { animal: animals },
    range: { from: '2026-01', to: '2026-03' },
  });

  it('gives each month the mean gain of the animals last weighed in it, and the quarter weighted by them', () => {
    const rows = rowsOf(result).map((r) => [r.at, r.weighed, r.dlwg]);
    expect(rows[0]).toEqual(['2026-03', 2, expect.closeTo(0.7575, 4)]);
    expect(rows[1]).toEqual(['2026-02', 1, expect.closeTo(0.82438, 4)]);
    // No one weighed in January: no figure, not 0.
    expect(rows[2]).toEqual(['2026-01', 0, null]);
    expect(headline(result, 'dlwg')).toMatchObject({ unit: 'kg/day', decimals: 2 });
    expect(headline(result, 'dlwg')?.value).toBeCloseTo(0.7798, 4);
  });
});

describe('annual records check', () => {
  it('flags a net profit entered that differs from gross margin less fixed costs', () => {
    const result = computeReport({
      declaration: check,
      records: {
        annual: [
          {
            year_end_date: '2026-03-31',
            total_output_gbp: 900_000,
            variable_costs_gbp: 400_000,
            fixed_costs_gbp: 45_000,
            net_profit_gbp: 330_000,
            total_farmed_ha: 250,
            owned_ha: 150,
            rented_ha: 100,
          },
          {
            year_end_date: '2025-03-31',
            total_output_gbp: 800_000,
            variable_costs_gbp: 350_000,
            fixed_costs_gbp: 300_000,
            net_profit_gbp: 150_000,
          },
        ],
      },
      range: { from: '2017', to: '2026' },
    });
    const [net, area] = result.checks;
    expect(net?.rows).toEqual([
      // 900,000 − 400,000 = 500,000 gross margin; − 45,000 = 455,000 worked out; 330,000 entered.
      { period: '2026', computed: 455_000, entered: 330_000, difference: -125_000, flagged: true },
      { period: '2025', computed: 150_000, entered: 150_000, difference: 0, flagged: false },
    ]);
    expect(area?.rows[0]).toMatchObject({ computed: 250, entered: 250, flagged: false });
    expect(area?.rows[1]).toMatchObject({ computed: null, difference: null, flagged: false });
  });
});

describe('forecast against actual', () => {
  it('sets each month beside its forecast, with the difference in litres and per cent', () => {
    const result = computeReport({
      declaration: forecast,
      records: {
        monthly: [{ month: '2026-10-01', milk_sold_litres: 186_000 }],
        'monthly-forecast': [
          { month: '2026-10-01', forecast_milk_litres: 200_000 },
          { month: '2026-11-01', forecast_milk_litres: 190_000 },
        ],
      },
      range: { from: '2025-12', to: '2026-11' },
    });
    expect(
      rowsOf(result).map((r) => [
        r.at,
        r.litres,
        r.forecast_litres,
        r.litres_diff,
        r.litres_diff_pct,
      ]),
    ).toEqual([
      ['2026-11', null, 190_000, null, null],
      ['2026-10', 186_000, 200_000, -14_000, -7],
    ]);
    expect(result.charts[0]?.series).toEqual([
      { name: 'Milk sold', values: [186_000, null], style: 'actual' },
      { name: 'Milk forecast', values: [200_000, 190_000], style: 'forecast' },
    ]);
    // 186,000 against 390,000 forecast over both months: −52.3 %.
    expect(headline(result, 'diff')?.value).toBeCloseTo(-52.308, 3);
  });
});

describe('medicine report', () => {
  it('counts treatments by month and product, and the cabinet stock by product', () => {
    const result = computeReport({
      declaration: medicine,
      records: {
        'medicine-book': [
          { treatment_date: '2026-03-02', product_name: 'Alamycin', number_treated: 3 },
          { treatment_date: '2026-03-20', product_name: 'Alamycin', number_treated: 2 },
          { treatment_date: '2026-02-11', product_name: 'Metacam', number_treated: 1 },
        ],
        'medicine-cabinet': [
          { product_name: 'Alamycin', quantity: 100, quantity_unit: 'ml' },
          { product_name: 'Alamycin', quantity: 50, quantity_unit: 'ml' },
        ],
      },
      range: { from: '2025-04', to: '2026-03' },
    });
    expect(rowsOf(result, 0)).toEqual([
      { at: '2026-03 Alamycin', treatments: 2, animals: 5 },
      { at: '2026-02 Metacam', treatments: 1, animals: 1 },
    ]);
    expect(rowsOf(result, 1)).toEqual([{ at: 'Alamycin ml', stock: 150, batches: 2 }]);
  });

  it('lists the withdrawal periods in force on the last day shown, or today if sooner, with their end dates', () => {
    const book = [
      {
        treatment_date: '2026-03-02',
        product_name: 'Alamycin',
        animal_id: 'Cow 12',
        meat_withdrawal_end: '2026-03-30',
        milk_withdrawal_end: '2026-03-09',
      },
      {
        treatment_date: '2026-03-20',
        product_name: 'Alamycin',
        animal_id: 'Group A',
        meat_withdrawal_end: '2026-04-17',
      },
      {
        treatment_date: '2026-02-11',
        product_name: 'Metacam',
        animal_id: 'Cow 7',
        meat_withdrawal_end: '2026-02-20',
      },
    ];
    const on = (today?: string) =>
      computeReport({
        declaration: medicine,
        records: { 'medicine-book': book },
        range: { from: '2025-04', to: '2026-03' },
        ...(today === undefined ? {} : { today }),
      }).lists[0];
    // On 25 March: Cow 12's meat withdrawal (to the 30th; its milk one ended on the 9th) and
    // Group A's (to 17 April); Metacam's ended in February.
    expect(on('2026-03-25')).toMatchObject({
      title: 'Withdrawal periods in force',
      day: '2026-03-25',
      rows: [
        { cells: ['Cow 12', 'Alamycin', '2026-03-02', 'Meat', '2026-03-30'] },
        { cells: ['Group A', 'Alamycin', '2026-03-20', 'Meat', '2026-04-17'] },
      ],
    });
    // Looking back at March from later: on its last day only Group A's was in force.
    expect(on('2026-06-01')?.day).toBe('2026-03-31');
    expect(on()?.rows.map((r) => r.cells[0])).toEqual(['Group A']);
  });
});
