import { describe, expect, it } from 'vitest';
import {
  groupStatistic,
  quantile,
  symmetricDifference,
  withoutOutliers,
  type Contribution,
  type ConfidentialityRules,
  type ReleaseLog,
} from '../../../shared/benchmarking/confidential.ts';

const RULES: ConfidentialityRules = {
  minGroupSize: 20,
  dominance: { top: 2, percent: 85 },
  outlierIqr: 1.5,
  bands: [
    { from: 20, label: 'Indicative' },
    { from: 100, label: 'Good' },
    { from: 250, label: 'Excellent' },
  ],
};

/** A release log held in memory, as the server holds one per metric and period. */
function memoryLog(): ReleaseLog & { sets: number[][] } {
  const sets: number[][] = [];
  return {
    sets,
    released: () => Promise.resolve(sets),
    record: (members) => {
      sets.push([...members]);
      return Promise.resolve();
    },
  };
}

/** Farms `from`..`to` (inclusive), each with a value near 8,000 l/cow. */
const farms = (from: number, to: number, value = (id: number) => 8000 + (id % 7) * 100) =>
  Array.from({ length: to - from + 1 }, (_, i): Contribution => {
    const member = from + i;
    return { member, value: value(member) };
  });

describe('group statistics under the confidentiality rules', () => {
  it('releases a group of 20 farms with n, its band, quartiles and the top 25%', async () => {
    const values = Array.from({ length: 20 }, (_, i) => 7000 + i * 100);
    const stat = await groupStatistic(
      values.map((value, i) => ({ member: i + 1, value })),
      'higher',
      RULES,
      memoryLog(),
    );
    expect(stat).toEqual({
      status: 'released',
      n: 20,
      outliers: 0,
      band: 'Indicative',
      q1: 7475,
      median: 7950,
      q3: 8425,
      // The best five: 8,500 to 8,900.
      top25: 8700,
    });
  });

  it('takes the lowest quarter as the top 25% where lower is better', async () => {
    const values = Array.from({ length: 20 }, (_, i) => 100 + i * 10);
    const stat = await groupStatistic(
      values.map((value, i) => ({ member: i + 1, value })),
      'lower',
      RULES,
      memoryLog(),
    );
    expect(stat).toMatchObject({ status: 'released', top25: 120 });
  });

  it('suppresses a group of 19 farms, and says how many a release needs', async () => {
    const log = memoryLog();
    expect(await groupStatistic(farms(1, 19), 'higher', RULES, log)).toEqual({
      status: 'suppressed',
      reason: 'too-few',
      minGroupSize: 20,
    });
    expect(log.sets).toEqual([]);
  });

  it('suppresses a group of one: a farm never learns another farm’s figure', async () => {
    const stat = await groupStatistic([{ member: 7, value: 9100 }], 'higher', RULES, memoryLog());
    expect(stat).toMatchObject({ status: 'suppressed', reason: 'too-few' });
  });

  it('never goes below 5 farms, whatever config says', async () => {
    const loose = { ...RULES, minGroupSize: 2 };
    expect(await groupStatistic(farms(1, 4), 'higher', loose, memoryLog())).toMatchObject({
      status: 'suppressed',
      minGroupSize: 5,
    });
    expect(await groupStatistic(farms(1, 5), 'higher', loose, memoryLog())).toMatchObject({
      status: 'released',
      n: 5,
    });
  });

  it('leaves out values beyond 1.5 × IQR before the quartiles, and counts them', async () => {
    const contributions = [...farms(1, 24), { member: 99, value: 40_000 }];
    const stat = await groupStatistic(contributions, 'higher', RULES, memoryLog());
    expect(stat).toMatchObject({ status: 'released', n: 24, outliers: 1 });
    if (stat.status === 'released') expect(stat.top25).toBeLessThan(9000);
  });

  it('suppresses a group that drops under the minimum once its outliers are left out', async () => {
    const contributions = [...farms(1, 19), { member: 99, value: 40_000 }];
    expect(await groupStatistic(contributions, 'higher', RULES, memoryLog())).toMatchObject({
      status: 'suppressed',
      reason: 'too-few',
    });
  });

  it('suppresses a group in which two farms hold more than 85% of the total', async () => {
    // Loose outlier rules, so that dominance alone decides: 18 farms of 1 to 18 and two of
    // 900 and 1,000 (1,900 of 2,071 is 92%).
    const rules = { ...RULES, outlierIqr: 10_000 };
    const dominated = [
      ...farms(1, 18, (id) => id),
      { member: 30, value: 900 },
      { member: 31, value: 1000 },
    ];
    expect(await groupStatistic(dominated, 'higher', rules, memoryLog())).toEqual({
      status: 'suppressed',
      reason: 'dominance',
      minGroupSize: 20,
    });
    const spread = [
      ...farms(1, 18, (id) => id),
      { member: 30, value: 90 },
      { member: 31, value: 100 },
    ];
    expect(await groupStatistic(spread, 'higher', rules, memoryLog())).toMatchObject({
      status: 'released',
    });
  });

  it('applies the dominance rule to the largest farm alone when config says (1,85)', async () => {
    const rules = { ...RULES, dominance: { top: 1, percent: 85 }, outlierIqr: 10_000 };
    const dominated = [{ member: 30, value: 10_000 }, ...farms(1, 19, (id) => id)];
    expect(await groupStatistic(dominated, 'higher', rules, memoryLog())).toMatchObject({
      status: 'suppressed',
      reason: 'dominance',
    });
  });

  it('refuses the second of two overlapping groups of 21 and 20 farms (differencing)', async () => {
    const log = memoryLog();
    const all = farms(1, 21);
    const first = await groupStatistic(all, 'higher', RULES, log);
    expect(first).toMatchObject({ status: 'released', n: 21 });
    const second = await groupStatistic(all.slice(1), 'higher', RULES, log);
    expect(second).toEqual({ status: 'suppressed', reason: 'differencing', minGroupSize: 20 });
    expect(log.sets).toHaveLength(1);
  });

  it('refuses a group that one farm joined since it was released', async () => {
    const log = memoryLog();
    await groupStatistic(farms(1, 30), 'higher', RULES, log);
    expect(await groupStatistic(farms(1, 31), 'higher', RULES, log)).toMatchObject({
      reason: 'differencing',
    });
  });

  it('releases the same membership again, and groups that differ by 20 farms or more', async () => {
    const log = memoryLog();
    await groupStatistic(farms(1, 40), 'higher', RULES, log);
    expect(await groupStatistic(farms(1, 40), 'higher', RULES, log)).toMatchObject({
      status: 'released',
    });
    expect(await groupStatistic(farms(1, 20), 'higher', RULES, log)).toMatchObject({
      status: 'released',
    });
    expect(await groupStatistic(farms(41, 60), 'higher', RULES, log)).toMatchObject({
      status: 'released',
    });
    expect(log.sets).toHaveLength(3);
  });

  it('names the accuracy band from n', async () => {
    const band = async (n: number) => {
      const stat = await groupStatistic(farms(1, n), 'higher', RULES, memoryLog());
      return stat.status === 'released' ? stat.band : stat.reason;
    };
    expect(await band(99)).toBe('Indicative');
    expect(await band(100)).toBe('Good');
    expect(await band(249)).toBe('Good');
    expect(await band(250)).toBe('Excellent');
  });
});

describe('the building blocks', () => {
  it('interpolates quartiles between order statistics', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([5], 0.75)).toBe(5);
  });

  it('counts the members in one set and not the other', () => {
    expect(symmetricDifference([1, 2, 3], [2, 3, 4, 5])).toBe(3);
    expect(symmetricDifference([], [1])).toBe(1);
  });

  it('keeps every value of a small or even group', () => {
    expect(
      withoutOutliers(
        farms(1, 3, () => 1),
        1.5,
      ),
    ).toHaveLength(3);
  });
});
