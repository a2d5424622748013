import {
  clamp,
  daysInMonth,
  type Draw,
  indexOf,
  logNormal,
  monthDay,
  monthOf,
  normal,
  round,
  uniform,
} from './draw.ts';

/**
 * A dairy unit's months: a farm-level profile (herd, yield, constituents, cell counts,
 * concentrate use, contract) that persists, so a good farm stays good, plus month noise, a
 * spring flush and the national milk price of the month.
 */

/**
 * The UK average farmgate milk price (ppl, Defra's monthly survey as AHDB publishes it),
 * January 2021 to October 2026, rounded to 0.1 ppl. Anchors read from the sources: July 2024
 * 39.48 ppl, 11 % above July 2023; November 2024 46.26 and December 2024 47.09; March 2025 46.01;
 * May 2025 43.12, 13 % above May 2024; October 2025 45.30, November 42.91, December 40.29 (AHDB
 * "UK farmgate milk prices", updated 27 January 2026; FAS Scotland milk notes of February, May
 * and July 2025). The months between, 2021–2023 and the 2023 fall from the 2022 peak (about
 * 51 ppl) follow the published path as remembered, not read: they are approximate. 2026 is an
 * assumption (prices easing after the late-2025 cuts), not a published figure.
 */
const NATIONAL_PPL: readonly number[] = [
  // 2021
  28.9, 29.2, 29.4, 29.3, 29.1, 29.3, 29.7, 30.4, 31.2, 32.4, 33.6, 34.8,
  // 2022
  36.6, 37.6, 39.3, 41.2, 42.6, 43.9, 45.6, 47.3, 49.0, 50.6, 51.7, 51.4,
  // 2023
  50.2, 48.4, 45.5, 41.7, 38.9, 37.1, 35.6, 35.4, 36.0, 37.0, 37.7, 38.0,
  // 2024
  37.8, 37.3, 37.2, 37.5, 38.2, 38.9, 39.5, 40.5, 41.9, 44.0, 46.3, 47.1,
  // 2025
  46.4, 46.1, 46.0, 43.7, 43.1, 43.3, 44.2, 44.8, 45.2, 45.3, 42.9, 40.3,
  // 2026, assumed
  38.6, 37.6, 36.9, 36.4, 36.0, 36.0, 36.4, 36.9, 37.4, 37.9,
];

export const LAST_MODEL_MONTH = NATIONAL_PPL.length - 1;

/** The national price of a month index (draw.ts). */
export function nationalPpl(index: number): number {
  const price = NATIONAL_PPL[clamp(index, 0, LAST_MODEL_MONTH)];
  if (price === undefined) throw new Error(`No milk price for month ${String(index)}`);
  return price;
}

/** Yield per cow per day against the year's mean, January to December: the spring flush. */
const FLUSH = [-0.03, -0.02, 0.03, 0.08, 0.1, 0.05, -0.01, -0.05, -0.07, -0.05, -0.03, 0];
/** Butterfat and protein against the farm's mean, percentage points: low at grass. */
const FAT = [0.12, 0.08, 0, -0.12, -0.2, -0.22, -0.12, -0.02, 0.08, 0.18, 0.2, 0.15];
const PROTEIN = [0.03, 0, -0.04, -0.06, -0.02, -0.05, -0.02, 0, 0.05, 0.1, 0.1, 0.06];
/** Concentrate fed per litre against the farm's mean: less at grass, more when housed. */
const CONCENTRATE = [1.2, 1.2, 1.15, 0.95, 0.75, 0.75, 0.8, 0.85, 0.95, 1.1, 1.2, 1.2];
/** Somatic cells against the farm's mean: higher in late summer. */
const CELLS = [0.95, 0.95, 0.95, 0.95, 1, 1.05, 1.1, 1.12, 1.1, 1.02, 0.95, 0.95];

/** Median herd by region (AHDB: GB herds average about 150–220 cows, larger in the SW and Scotland). */
const MEDIAN_HERD: Readonly<Record<string, number>> = {
  scotland: 220,
  southwest: 190,
  east: 175,
  southeast: 175,
  midlands: 165,
  north: 150,
  wales: 150,
  ni: 110,
};

export interface DairyProfile {
  /** Cows (in milk and dry) in January 2021, and their yearly growth. */
  herd: number;
  growth: number;
  /** Litres per cow per year (all cows), 2021, and the yearly gain. */
  yieldPerCow: number;
  yieldGain: number;
  flush: number;
  fat: number;
  protein: number;
  cells: number;
  bacto: number;
  /** kg concentrate per litre over the year. */
  concentrate: number;
  /** ppl above or below the national price: contract, haulage, organic premium. */
  contract: number;
  /** Share of cows dry on average. */
  dry: number;
}

export function dairyProfile(draw: Draw, region: string, organic: boolean): DairyProfile {
  const herd = Math.round(clamp(logNormal(draw, MEDIAN_HERD[region] ?? 165, 0.55), 40, 1200));
  let yieldPerCow = clamp(normal(draw, 8200, 1000) + 600 * Math.log(herd / 165), 6000, 11000);
  if (organic) yieldPerCow = clamp(yieldPerCow - 1500, 5500, 8500);
  const concentrate = clamp(
    0.25 + ((yieldPerCow - 6000) / 5000) * 0.13 + normal(draw, 0, 0.03) - (organic ? 0.08 : 0),
    0.15,
    0.45,
  );
  return {
    herd,
    growth: normal(draw, 0.012, 0.02),
    yieldPerCow,
    yieldGain: normal(draw, 0.006, 0.006),
    flush: uniform(draw, 0.5, 1.6),
    fat: normal(draw, 4.15, 0.18),
    protein: normal(draw, 3.33, 0.08),
    cells: clamp(logNormal(draw, 175, 0.28), 80, 400),
    bacto: clamp(logNormal(draw, 20, 0.45), 6, 120),
    concentrate,
    contract: normal(draw, 0, 1.2) + (organic ? 12 : 0),
    dry: uniform(draw, 0.13, 0.18),
  };
}

/** One month of a dairy unit: the fields of config/records/monthly.json. */
export interface DairyMonth {
  month: string;
  milk_sold_litres: number;
  cows_in_milk: number;
  dry_cows: number;
  butterfat_percent: number;
  protein_percent: number;
  somatic_cell_count: number;
  bactoscan: number;
  concentrate_fed_tonnes: number;
  milk_price_ppl: number;
}

/** The unit's months from January 2021 to October 2026, every one drawn in order. */
export function dairySeries(draw: Draw, p: DairyProfile): DairyMonth[] {
  const out: DairyMonth[] = [];
  for (let i = 0; i <= LAST_MODEL_MONTH; i++) {
    const { year, month } = monthOf(i);
    const m = month - 1;
    const years = i / 12;
    const cows = p.herd * (1 + p.growth) ** years * (1 + normal(draw, 0, 0.01));
    // More cows dry in late summer, before the autumn calvers, fewer in the flush.
    const dryShare = clamp(p.dry * (1 - 3 * (FLUSH[m] ?? 0)) + normal(draw, 0, 0.01), 0.06, 0.3);
    const dry = Math.round(cows * dryShare);
    const inMilk = Math.round(cows) - dry;
    const perCowDay = (p.yieldPerCow * (1 + p.yieldGain) ** years) / 365;
    const litres =
      cows *
      perCowDay *
      daysInMonth(year, month) *
      (1 + p.flush * (FLUSH[m] ?? 0)) *
      (1 + normal(draw, 0, 0.025));
    const fat = clamp(p.fat + (FAT[m] ?? 0) + normal(draw, 0, 0.05), 3.2, 5.8);
    const protein = clamp(p.protein + (PROTEIN[m] ?? 0) + normal(draw, 0, 0.03), 2.9, 4.2);
    const cells = clamp(p.cells * (CELLS[m] ?? 1) * Math.exp(normal(draw, 0, 0.12)), 40, 900);
    const bacto = clamp(p.bacto * Math.exp(normal(draw, 0, 0.3)), 5, 400);
    const kgPerLitre = p.concentrate * (CONCENTRATE[m] ?? 1) * (1 + normal(draw, 0, 0.05));
    // Constituents and hygiene move the price as a manufacturing contract pays them.
    const price =
      nationalPpl(i) +
      p.contract +
      (fat - 4.0) * 2.5 +
      (protein - 3.3) * 4 -
      (cells > 250 ? 0.5 : 0) -
      (bacto > 50 ? 0.5 : 0) +
      normal(draw, 0, 0.3);
    out.push({
      month: monthDay(i),
      milk_sold_litres: Math.round(litres),
      cows_in_milk: inMilk,
      dry_cows: dry,
      butterfat_percent: round(fat, 2),
      protein_percent: round(protein, 2),
      somatic_cell_count: Math.round(cells),
      bactoscan: Math.round(bacto),
      concentrate_fed_tonnes: round((litres * kgPerLitre) / 1000, 2),
      milk_price_ppl: round(price, 2),
    });
  }
  return out;
}

/** The months of a series from one month to another (yyyy, 1–12), both included. */
export function monthsBetween(
  series: readonly DairyMonth[],
  from: [number, number],
  to: [number, number],
): DairyMonth[] {
  return series.slice(indexOf(...from), indexOf(...to) + 1);
}
