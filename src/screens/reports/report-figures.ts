/**
 * The figures of the unit's reports, computed from its records (config/records/monthly.json,
 * annual.json and crop.json), whose fields are read only as report-reads.ts declares them.
 * Pure functions: a missing figure gives null, never NaN.
 */
import { readRecord, REPORT_READS, type ReadValues } from './report-reads.ts';

type Data = Readonly<Record<string, unknown>>;

/** Days in the month of a yyyy-MM-dd date. */
export function daysInMonth(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(day);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
}

export interface MonthFigures {
  month: string;
  litres: number | null;
  cows: number | null;
  /** Litres per cow per day. */
  yieldPerCow: number | null;
  butterfat: number | null;
  protein: number | null;
  scc: number | null;
  /** Kilograms of concentrate per litre sold. */
  concentrateKgPerLitre: number | null;
  pricePpl: number | null;
  /** Milk income in pounds: litres × price (pence per litre) / 100. */
  incomeGbp: number | null;
}

export function monthFigures(data: Data): MonthFigures {
  const { month, litres, cows, butterfat, protein, scc, concentrateTonnes, pricePpl } = readRecord(
    REPORT_READS.monthly,
    data,
  );
  const days = daysInMonth(month);
  return {
    month,
    litres,
    cows,
    yieldPerCow: litres !== null && cows && days ? litres / cows / days : null,
    butterfat,
    protein,
    scc,
    concentrateKgPerLitre:
      concentrateTonnes !== null && litres ? (concentrateTonnes * 1000) / litres : null,
    pricePpl,
    incomeGbp: litres !== null && pricePpl !== null ? (litres * pricePpl) / 100 : null,
  };
}

const sumOf = (values: (number | null)[]) =>
  values.reduce<number>((total, v) => total + (v ?? 0), 0);

/** Totals over some months: litres, income, and the price those litres earned on average. */
export function monthTotals(months: readonly MonthFigures[]) {
  const litres = sumOf(months.map((m) => m.litres));
  const priced = months.filter((m) => m.litres !== null && m.pricePpl !== null);
  const pricedLitres = sumOf(priced.map((m) => m.litres));
  const income = sumOf(priced.map((m) => m.incomeGbp));
  return {
    litres,
    incomeGbp: income,
    averagePricePpl: pricedLitres > 0 ? (income * 100) / pricedLitres : null,
  };
}

/** A yyyy-MM-dd day's month as a count of months (year × 12 + month − 1); null if not a day. */
function monthNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(day);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
}

/** The calendar months a headline covers, and the records it counts. */
export interface RecentMonths {
  /** One figure per month, newest first: the first of the list for a month recorded twice. */
  months: MonthFigures[];
  /** Days of the oldest and newest months counted (yyyy-MM-dd, as recorded). */
  from: string;
  to: string;
  /** Calendar months from the oldest counted to the newest, both included. */
  calendarMonths: number;
}

/**
 * The records of the last `span` calendar months up to the newest one recorded, counted by month
 * rather than by record: a gap shortens nothing and two records of one month count once.
 * Null when no record names a month.
 */
export function recentMonths(months: readonly MonthFigures[], span = 12): RecentMonths | null {
  const numbered = months
    .map((m) => ({ m, n: monthNumber(m.month) }))
    .filter((x): x is { m: MonthFigures; n: number } => x.n !== null);
  if (numbered.length === 0) return null;
  const newest = Math.max(...numbered.map((x) => x.n));
  const seen = new Set<number>();
  const kept = numbered.filter(({ n }) => {
    if (n <= newest - span || seen.has(n)) return false;
    seen.add(n);
    return true;
  });
  kept.sort((a, b) => b.n - a.n);
  const oldest = kept[kept.length - 1] ?? kept[0];
  const latest = kept[0];
  if (!oldest || !latest) return null;
  return {
    months: kept.map((x) => x.m),
    from: oldest.m.month,
    to: latest.m.month,
    calendarMonths: newest - oldest.n + 1,
  };
}

/**
 * The period of a headline in words, months shown by `month` ("Mar 2026"): "Mar 2026",
 * "Apr 2025 to Mar 2026", and with months missing "Apr 2025 to Mar 2026, 10 of 12 months recorded".
 */
export function periodText(period: RecentMonths, month: (day: string) => string): string {
  if (period.calendarMonths === 1) return month(period.to);
  const range = `${month(period.from)} to ${month(period.to)}`;
  const recorded = period.months.length;
  return recorded === period.calendarMonths
    ? `${range} (${String(recorded)} months)`
    : `${range}, ${String(recorded)} of ${String(period.calendarMonths)} months recorded`;
}

export interface YearFigures {
  yearEnd: string;
  farmedHa: number | null;
  outputGbp: number | null;
  variableCostsGbp: number | null;
  /** Output less variable costs. */
  grossMarginGbp: number | null;
  grossMarginPerHa: number | null;
  fixedCostsGbp: number | null;
  netProfitGbp: number | null;
  schemeIncomeGbp: number | null;
  /** Net profit without the scheme income: what the farming itself earned. */
  profitBeforeSchemesGbp: number | null;
}

export function yearFigures(data: Data): YearFigures {
  const year = readRecord(REPORT_READS.annual, data);
  const { outputGbp, variableCostsGbp, farmedHa, netProfitGbp, schemeIncomeGbp } = year;
  const grossMargin =
    outputGbp !== null && variableCostsGbp !== null ? outputGbp - variableCostsGbp : null;
  return {
    yearEnd: year.yearEnd,
    farmedHa,
    outputGbp,
    variableCostsGbp,
    grossMarginGbp: grossMargin,
    grossMarginPerHa: grossMargin !== null && farmedHa ? grossMargin / farmedHa : null,
    fixedCostsGbp: year.fixedCostsGbp,
    netProfitGbp,
    schemeIncomeGbp,
    profitBeforeSchemesGbp:
      netProfitGbp !== null && schemeIncomeGbp !== null ? netProfitGbp - schemeIncomeGbp : null,
  };
}

export interface CropSummary {
  /** The harvest year: of the harvest date, else the one a drilling date leads to. */
  year: string;
  crop: string;
  fields: number;
  areaHa: number;
  /** Tonnes, from the fields with a yield. */
  productionT: number;
  /** Area-weighted over the fields with a yield. */
  yieldTPerHa: number | null;
  /** Area-weighted over the fields with a nitrogen figure. */
  nitrogenKgPerHa: number | null;
}

type CropField = ReadValues<typeof REPORT_READS.crop.fields>;

/** Autumn-drilled crops (August to December) are harvested the next year; spring ones the same. */
function harvestYear(field: CropField): string {
  const harvested = /^(\d{4})-/.exec(field.harvested);
  if (harvested?.[1]) return harvested[1];
  const drilled = /^(\d{4})-(\d{2})-/.exec(field.drilled);
  if (!drilled?.[1] || !drilled[2]) return '—';
  return String(Number(drilled[1]) + (Number(drilled[2]) >= 8 ? 1 : 0));
}

/** Crop records grouped by harvest year and crop, newest year first, then by crop name. */
export function cropSummaries(records: readonly Data[]): CropSummary[] {
  const groups = new Map<string, CropField[]>();
  for (const data of records) {
    const field = readRecord(REPORT_READS.crop, data);
    const key = `${harvestYear(field)}\u0000${field.crop}`;
    groups.set(key, [...(groups.get(key) ?? []), field]);
  }
  const weighted = (fields: CropField[], figure: 'yieldTPerHa' | 'nitrogenKgPerHa') => {
    const known = fields.filter((f) => f[figure] !== null && f.areaHa !== null);
    const area = sumOf(known.map((f) => f.areaHa));
    if (area === 0) return { area: 0, total: 0, average: null };
    const total = sumOf(known.map((f) => (f[figure] ?? 0) * (f.areaHa ?? 0)));
    return { area, total, average: total / area };
  };
  return [...groups.entries()]
    .map(([key, fields]) => {
      const [year = '—', crop = ''] = key.split('\u0000');
      const yieldFigures = weighted(fields, 'yieldTPerHa');
      return {
        year,
        crop,
        fields: fields.length,
        areaHa: sumOf(fields.map((f) => f.areaHa)),
        productionT: yieldFigures.total,
        yieldTPerHa: yieldFigures.average,
        nitrogenKgPerHa: weighted(fields, 'nitrogenKgPerHa').average,
      };
    })
    .sort((a, b) => b.year.localeCompare(a.year) || a.crop.localeCompare(b.crop));
}
