import { describe, expect, it } from 'vitest';
import cropJson from '../../../config/reports/crop.json';
import herdJson from '../../../config/reports/herd.json';
import medicineJson from '../../../config/reports/medicine.json';
import monthlyJson from '../../../config/reports/monthly.json';
import forecastJson from '../../../config/reports/forecast-monthly.json';
import { anchorPeriod, changeOf, windowsOf } from '../../../shared/dashboard/change.ts';
import { computeForecast } from '../../../shared/dashboard/forecasts.ts';
import { computeKpi } from '../../../shared/dashboard/kpis.ts';
import { computeReport } from '../../../shared/reports/compute.ts';
import { COMPUTATIONS, withdrawalsInForce } from '../../../shared/reports/computations.ts';
import type { ReportDeclaration } from '../../../shared/reports/declaration.ts';
import {
  changeText,
  forecastText,
  windowText,
} from '../../../src/screens/dashboard/dashboard-text.ts';

const monthly = monthlyJson as unknown as ReportDeclaration;
const crop = cropJson as unknown as ReportDeclaration;
const herd = herdJson as unknown as ReportDeclaration;
const medicine = medicineJson as unknown as ReportDeclaration;
const forecastMonthly = forecastJson as unknown as ReportDeclaration;

describe('year-on-year arithmetic', () => {
  it('gives the change and its per cent of the earlier figure, and nothing where a figure is missing', () => {
    expect(changeOf(33, 32)).toEqual({ absolute: 1, percent: 3.125 });
    expect(changeOf(24, 32)).toEqual({ absolute: -8, percent: -25 });
    // From a loss of £10,000 to a profit of £5,000: up 150 % of the loss's size.
    expect(changeOf(5_000, -10_000)).toEqual({ absolute: 15_000, percent: 150 });
    expect(changeOf(3, 0)).toEqual({ absolute: 3, percent: null });
    expect(changeOf(null, 32)).toEqual({ absolute: null, percent: null });
    expect(changeOf(32, null)).toEqual({ absolute: null, percent: null });
  });

  it('takes the 12 months up to the newest recorded, never after today, and the 12 before', () => {
    expect(anchorPeriod('month', '2025-06', '2026-11-24')).toBe('2025-06');
    expect(anchorPeriod('month', '2027-01', '2026-11-24')).toBe('2026-11');
    expect(anchorPeriod('month', null, '2026-11-24')).toBe('2026-11');
    expect(anchorPeriod('season', '2027', '2026-11-24')).toBe('2026');
    expect(windowsOf('month', '2026-03', 12)).toEqual({
      current: { from: '2025-04', to: '2026-03' },
      previous: { from: '2024-04', to: '2025-03' },
      both: { from: '2024-04', to: '2026-03' },
    });
    expect(windowsOf('season', '2026', 1)).toEqual({
      current: { from: '2026', to: '2026' },
      previous: { from: '2025', to: '2025' },
      both: { from: '2025', to: '2026' },
    });
  });
});

describe('KPIs worked out by the reports’ module', () => {
  const month = (m: string, litres: number, cows: number, tonnes: number, price: number) => ({
    month: `${m}-01`,
    milk_sold_litres: litres,
    cows_in_milk: cows,
    concentrate_fed_tonnes: tonnes,
    milk_price_ppl: price,
  });
  const records = {
    monthly: [
      // March 2026: 186,000 l / 200 cows / 31 days = 30.0; February: 140,000 / 200 / 28 = 25.0.
      month('2026-03', 186_000, 200, 37.2, 40),
      month('2026-02', 140_000, 200, 35, 38),
      // March 2025, the year before: 155,000 / 200 / 31 = 25.0.
      month('2025-03', 155_000, 200, 46.5, 30),
    ],
  };

  it('litres per cow per day: the mean of the months’ yields, against the 12 months before', () => {
    const kpi = computeKpi({
      id: 'milk-yield',
      kpi: { title: 'Litres per cow per day', report: 'monthly', measure: 'yield', across: 'mean' },
      report: monthly,
      records,
      anchor: '2026-03',
      size: 12,
    });
    expect(kpi.current).toEqual({
      value: 27.5,
      from: '2025-04',
      to: '2026-03',
      recorded: 2,
      periods: 12,
    });
    expect(kpi.previous).toMatchObject({ value: 25, recorded: 1 });
    expect(kpi.change).toEqual({ absolute: 2.5, percent: 10 });
    expect(kpi).toMatchObject({ unit: 'l/cow/day', decimals: 1, recordTypes: ['monthly'] });
    // The monthly report's own table gives the same months' yields.
    const report = computeReport({ declaration: monthly, records, range: kpi.current });
    const yields = report.tables[0]?.rows.map((r) => r.values[2]);
    expect(yields).toEqual([30, 25]);
  });

  it('concentrate per litre weighted by litres is all concentrate over all milk', () => {
    const kpi = computeKpi({
      id: 'concentrate',
      kpi: {
        title: 'Concentrate per litre',
        report: 'monthly',
        measure: 'concentrate',
        across: 'weighted-mean',
        weight: 'litres',
      },
      report: monthly,
      records,
      anchor: '2026-03',
      size: 12,
    });
    // 72.2 t over 326,000 l = 0.2215 kg/l, against 46.5 t / 155,000 l = 0.30: down 26.2 %.
    expect(kpi.current.value).toBeCloseTo(72_200 / 326_000, 9);
    expect(kpi.previous.value).toBeCloseTo(0.3, 9);
    expect(kpi.change.percent).toBeCloseTo(((72_200 / 326_000 - 0.3) / 0.3) * 100, 9);
  });

  it('a report headline keeps its way across periods but takes the dashboard’s window', () => {
    const kpi = computeKpi({
      id: 'milk-price',
      kpi: { report: 'monthly', headline: 'price' },
      report: monthly,
      records,
      anchor: '2026-03',
      size: 12,
    });
    // (186,000 × 40 + 140,000 × 38) / 326,000 = 39.14 ppl against 30: up 30.5 %.
    expect(kpi.title).toBe('Average price');
    expect(kpi.current.value).toBeCloseTo(12_760_000 / 326_000, 9);
    expect(kpi.previous.value).toBe(30);
    expect(kpi.unit).toBe('ppl');
  });

  it('with no records in a window the figure is missing, never 0', () => {
    const kpi = computeKpi({
      id: 'scc',
      kpi: { title: 'SCC', report: 'monthly', measure: 'scc', across: 'mean' },
      report: monthly,
      records,
      anchor: '2026-03',
      size: 12,
    });
    expect(kpi.current.value).toBeNull();
    expect(kpi.change).toEqual({ absolute: null, percent: null });
  });

  it('area by crop: the harvest’s area in all and for each crop, against the harvest before', () => {
    const field = (name: string, c: string, ha: number, harvest: string) => ({
      field_name: name,
      crop: c,
      field_area_ha: ha,
      harvest_date: harvest,
    });
    const kpi = computeKpi({
      id: 'crop-area',
      kpi: { title: 'Area by crop', report: 'crop', measure: 'area', across: 'sum', by: 'crop' },
      report: crop,
      records: {
        crop: [
          field('Long Acre', 'Winter wheat', 12, '2026-08-10'),
          field('Top Piece', 'Winter wheat', 8, '2026-08-12'),
          field('Brook', 'Oilseed rape', 10, '2026-07-20'),
          field('Long Acre', 'Spring barley', 12, '2025-08-01'),
          field('Brook', 'Winter wheat', 10, '2025-08-05'),
        ],
      },
      anchor: '2026',
      size: 1,
    });
    expect(kpi.current).toMatchObject({ value: 30, from: '2026', to: '2026' });
    expect(kpi.previous.value).toBe(22);
    expect(kpi.breakdown.map((b) => [b.label, b.current.value, b.previous.value])).toEqual([
      ['Oilseed rape', 10, null],
      ['Spring barley', null, 12],
      ['Winter wheat', 20, 10],
    ]);
    expect(kpi.breakdown[2]?.change).toEqual({ absolute: 10, percent: 100 });
  });

  it('herd: head at the end of the window, births over it, from the animal records', () => {
    const animals = [
      { sex: 'Female', date_of_birth: '2020-03-01', status: 'On farm' },
      {
        sex: 'Female',
        date_of_birth: '2019-04-01',
        status: 'Died',
        date_off_holding: '2025-02-10',
      },
      { sex: 'Male', date_of_birth: '2025-05-15', status: 'On farm' },
      { sex: 'Male', date_of_birth: '2026-01-15', status: 'On farm' },
    ];
    const run = (headline: string) =>
      computeKpi({
        id: headline,
        kpi: { report: 'herd', headline },
        report: herd,
        records: { animal: animals },
        anchor: '2026-03',
        size: 12,
      });
    // End of March 2026: three on the holding; end of March 2025: one (the cow died in February).
    expect(run('head').current.value).toBe(3);
    expect(run('head').previous.value).toBe(1);
    expect(run('head').change).toEqual({ absolute: 2, percent: 200 });
    // Births Apr 2025–Mar 2026: two calves; the year before none.
    expect(run('births').current.value).toBe(2);
    expect(run('births').previous.value).toBe(0);
    expect(run('deaths').previous.value).toBe(1);
  });

  it('forecast against actual for the newest month with an actual figure', () => {
    const forecast = computeForecast({
      forecast: {
        report: 'forecast-monthly',
        title: 'Milk sold',
        actual: 'litres',
        forecast: 'forecast_litres',
      },
      report: forecastMonthly,
      records: {
        monthly: records.monthly,
        'monthly-forecast': [
          { month: '2026-03-01', forecast_milk_litres: 200_000 },
          { month: '2026-04-01', forecast_milk_litres: 210_000 },
        ],
      },
      anchor: '2026-04',
      lookBack: 12,
    });
    // April has a forecast but no actual yet: March is the current period. 186,000 − 200,000.
    expect(forecast).toMatchObject({
      period: '2026-03',
      actual: 186_000,
      forecast: 200_000,
      difference: { absolute: -14_000, percent: expect.closeTo(-7, 9) as number },
    });
  });
});

describe('medicine withdrawals', () => {
  const fields = {
    treated: 'treatment_date',
    milk: 'milk_withdrawal_end',
    meat: 'meat_withdrawal_end',
    product: 'product_name',
    animal: 'animal_id',
  };
  const book = [
    {
      treatment_date: '2026-03-02',
      product_name: 'Alamycin',
      animal_id: 'Cow 12',
      milk_withdrawal_end: '2026-03-09',
      meat_withdrawal_end: '2026-03-30',
    },
    { treatment_date: '2026-03-20', product_name: 'Metacam', meat_withdrawal_end: '2026-04-05' },
    { treatment_date: '2026-04-02', product_name: 'Later', meat_withdrawal_end: '2026-05-01' },
  ];

  it('lists those in force on a day, its last day included, soonest end first', () => {
    expect(withdrawalsInForce(book, fields, '2026-03-09')).toEqual([
      {
        index: 0,
        kind: 'milk',
        treated: '2026-03-02',
        ends: '2026-03-09',
        product: 'Alamycin',
        animal: 'Cow 12',
      },
      {
        index: 0,
        kind: 'meat',
        treated: '2026-03-02',
        ends: '2026-03-30',
        product: 'Alamycin',
        animal: 'Cow 12',
      },
    ]);
    expect(withdrawalsInForce(book, fields, '2026-03-31').map((w) => w.product)).toEqual([
      'Metacam',
    ]);
  });

  it('counts the treatments in force on each month’s last day in the medicine report', () => {
    expect(
      COMPUTATIONS.withdrawals?.compute({
        records: book,
        fields,
        options: {},
        start: '2026-03-01',
        end: '2026-04-01',
      }),
    ).toEqual({ in_force: 1 });
    const report = computeReport({
      declaration: medicine,
      records: { 'medicine-book': book, 'medicine-cabinet': [] },
      range: { from: '2026-03', to: '2026-04' },
    });
    // Last day of April: only "Later" (to 1 May) is in force.
    expect(report.headlines.find((h) => h.id === 'withdrawals')?.value).toBe(1);
  });
});

describe('the change in words', () => {
  it('says the direction, so no one depends on the arrow or a colour', () => {
    expect(changeText({ absolute: 1, percent: 3.2 }, 'l/cow/day', 1)).toBe(
      'up 3.2% on the year before',
    );
    expect(changeText({ absolute: -0.04, percent: -16.667 }, 'kg/l', 2)).toBe(
      'down 16.7% on the year before',
    );
    expect(changeText({ absolute: 0, percent: 0 }, '', 0)).toBe('No change on the year before');
    expect(changeText({ absolute: 3, percent: null }, 'head', 0)).toBe(
      'up 3 head on the year before',
    );
    expect(changeText({ absolute: null, percent: null }, '', 0)).toBe(
      'No figure for the year before',
    );
    expect(
      windowText('month', { value: 1, from: '2025-12', to: '2026-11', recorded: 10, periods: 12 }),
    ).toBe('Dec 2025 to Nov 2026, 10 of 12 months recorded');
    expect(
      windowText('season', { value: 1, from: '2026', to: '2026', recorded: 1, periods: 1 }),
    ).toBe('Harvest 2026');
    expect(forecastText({ absolute: 5_000, percent: 2.5 }, '£', 0)).toBe(
      '£5,000 (2.5%) above forecast',
    );
  });
});
