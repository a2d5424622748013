/**
 * The few random and calendar helpers the benchmark records need. `Draw` is the part of the
 * dataset's seeded Random (dataset.ts) they use, so every figure comes from the seed's stream.
 */
export interface Draw {
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

const STEPS = 1_000_000;

/** A float in [min, max). */
export function uniform(draw: Draw, min = 0, max = 1): number {
  return min + ((max - min) * (draw.int(0, STEPS - 1) + 0.5)) / STEPS;
}

/** Normally distributed (Box–Muller), so farm effects and month noise have realistic tails. */
export function normal(draw: Draw, mean: number, sd: number): number {
  const u = uniform(draw);
  const v = uniform(draw);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal around a median: herd sizes, cell counts and areas are skewed to the right. */
export function logNormal(draw: Draw, median: number, sigma: number): number {
  return median * Math.exp(normal(draw, 0, sigma));
}

export const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, value));

export const round = (value: number, places = 0) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

const DAY_MS = 86_400_000;

/** yyyy-MM-dd of a UTC date. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` after yyyy-MM-dd. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** A day between two yyyy-MM-dd days, both included. */
export function dayBetween(draw: Draw, from: string, to: string): string {
  const start = Date.parse(`${from}T00:00:00Z`) / DAY_MS;
  const end = Date.parse(`${to}T00:00:00Z`) / DAY_MS;
  return isoDay(new Date(draw.int(start, end) * DAY_MS));
}

export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months as an index from January 2021 (0), the first month the dairy series models. */
export const FIRST_MODEL_YEAR = 2021;
export const monthOf = (index: number) => ({
  year: FIRST_MODEL_YEAR + Math.floor(index / 12),
  month: (index % 12) + 1,
});
export const indexOf = (year: number, month: number) => (year - FIRST_MODEL_YEAR) * 12 + month - 1;
export const monthDay = (index: number) => {
  const { year, month } = monthOf(index);
  return `${String(year)}-${String(month).padStart(2, '0')}-01`;
};
