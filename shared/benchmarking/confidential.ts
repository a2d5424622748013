/**
 * Confidential group statistics (issue 19; domain notes §5): every benchmark figure released
 * to anyone but the farm it belongs to is worked out here, under rules from
 * config/benchmarking/rules.json. The rules follow DairyBase (at least 20 farms, accuracy bands),
 * the ESSnet handbook's (2,85) dominance rule, OverseerFM's 1.5 × IQR outliers and the
 * statistical offices' defence against differencing across overlapping groups.
 *
 * Pure: the release log (which memberships were already released) is passed in, so that the
 * server keeps it in its database and the tests in memory.
 */

export interface ConfidentialityRules {
  /** A group is released only with at least this many farms (after outliers are left out). */
  minGroupSize: number;
  /** (n,k) dominance: the largest `top` farms may not hold more than `percent`% of the total. */
  dominance: { top: number; percent: number };
  /** Values beyond this many IQRs below Q1 or above Q3 are left out before the statistics. */
  outlierIqr: number;
  /** Accuracy bands by n, lowest first; a group takes the last band whose `from` it reaches. */
  bands: readonly { from: number; label: string }[];
}

/** The lowest minGroupSize config may set: Eurostat suppresses 4 holdings or fewer. */
export const MIN_GROUP_SIZE_FLOOR = 5;

export interface Contribution {
  /** The contributing unit. */
  member: number;
  value: number;
}

/** Which way is better for a KPI: the top 25% are the highest or the lowest values. */
export type Better = 'higher' | 'lower';

export interface ReleasedStatistic {
  status: 'released';
  /** Farms the figures are worked out from (outliers left out). */
  n: number;
  /** Farms left out as outliers. */
  outliers: number;
  band: string;
  q1: number;
  median: number;
  q3: number;
  /** The mean of the best quarter of the n farms (by `better`). */
  top25: number;
}

export type SuppressionReason = 'too-few' | 'dominance' | 'differencing';

export interface SuppressedStatistic {
  status: 'suppressed';
  reason: SuppressionReason;
  /** The group size a release needs, for "fewer than N farms". */
  minGroupSize: number;
}

export type GroupStatistic = ReleasedStatistic | SuppressedStatistic;

/** The memberships already released for one metric and period, and the means to add one. */
export interface ReleaseLog {
  released(): Promise<readonly (readonly number[])[]>;
  record(members: readonly number[]): Promise<void>;
}

/** Quantile by linear interpolation between order statistics (Excel's QUARTILE.INC, R type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('quantile of no values');
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const below = sorted[lo] as number;
  const above = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return below + (h - lo) * (above - below);
}

/** Leaves out values beyond `k` × IQR outside the quartiles (none when fewer than 4 values). */
export function withoutOutliers(contributions: readonly Contribution[], k: number): Contribution[] {
  if (contributions.length < 4) return [...contributions];
  const sorted = contributions.map((c) => c.value).sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const low = q1 - k * (q3 - q1);
  const high = q3 + k * (q3 - q1);
  return contributions.filter((c) => c.value >= low && c.value <= high);
}

/** Whether the largest `top` contributions hold more than `percent`% of the total (by size). */
export function isDominated(
  values: readonly number[],
  dominance: ConfidentialityRules['dominance'],
): boolean {
  const sizes = values.map(Math.abs).sort((a, b) => b - a);
  const total = sizes.reduce((s, v) => s + v, 0);
  if (total === 0) return false;
  const largest = sizes.slice(0, dominance.top).reduce((s, v) => s + v, 0);
  return largest * 100 > dominance.percent * total;
}

export function bandOf(n: number, bands: ConfidentialityRules['bands']): string {
  let label = bands[0]?.label ?? '';
  for (const band of bands) if (n >= band.from) label = band.label;
  return label;
}

/** How many members are in one set and not the other, both sorted ascending. */
export function symmetricDifference(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let differ = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      i++;
      j++;
    } else if (x < y) {
      differ++;
      i++;
    } else {
      differ++;
      j++;
    }
  }
  return differ + (a.length - i) + (b.length - j);
}

/**
 * Whether releasing `members` would let a reader difference it against a group already released
 * for the same metric and period: memberships that differ by 1 to minGroupSize − 1 farms.
 * An identical membership adds nothing and may be released again.
 */
export function differsTooLittle(
  members: readonly number[],
  released: readonly (readonly number[])[],
  minGroupSize: number,
): boolean {
  return released.some((other) => {
    const d = symmetricDifference(members, other);
    return d > 0 && d < minGroupSize;
  });
}

/** The figures of a group that passed the size and dominance rules; not yet checked for differencing. */
function describe(
  kept: readonly Contribution[],
  outliers: number,
  better: Better,
  rules: ConfidentialityRules,
): ReleasedStatistic {
  const sorted = kept.map((c) => c.value).sort((a, b) => a - b);
  const quarter = Math.ceil(sorted.length / 4);
  const best = better === 'higher' ? sorted.slice(-quarter) : sorted.slice(0, quarter);
  return {
    status: 'released',
    n: sorted.length,
    outliers,
    band: bandOf(sorted.length, rules.bands),
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    top25: best.reduce((s, v) => s + v, 0) / best.length,
  };
}

/**
 * The group statistic of one metric and period, released only under every rule; a released
 * membership is written to the log before the figures are returned. The caller serialises calls
 * for one metric and period (the server holds a lock), so two overlapping groups cannot both
 * pass the differencing check at once.
 */
export async function groupStatistic(
  contributions: readonly Contribution[],
  better: Better,
  rules: ConfidentialityRules,
  log: ReleaseLog,
): Promise<GroupStatistic> {
  const minGroupSize = Math.max(rules.minGroupSize, MIN_GROUP_SIZE_FLOOR);
  const suppressed = (reason: SuppressionReason): SuppressedStatistic => ({
    status: 'suppressed',
    reason,
    minGroupSize,
  });
  const kept = withoutOutliers(contributions, rules.outlierIqr);
  if (kept.length < minGroupSize) return suppressed('too-few');
  if (
    isDominated(
      kept.map((c) => c.value),
      rules.dominance,
    )
  )
    return suppressed('dominance');
  const members = [...new Set(kept.map((c) => c.member))].sort((a, b) => a - b);
  if (members.length < minGroupSize) return suppressed('too-few');
  const released = await log.released();
  if (differsTooLittle(members, released, minGroupSize)) return suppressed('differencing');
  if (!released.some((other) => symmetricDifference(members, other) === 0))
    await log.record(members);
  return describe(kept, contributions.length - kept.length, better, rules);
}
