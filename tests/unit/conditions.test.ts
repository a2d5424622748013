import { describe, expect, it } from 'vitest';
import { evaluate, flagsIn, type Condition } from '../../shared/access/conditions.ts';
import { availableFlags, flagEntries } from '../../shared/access/flags.ts';

const on = new Set(['records_monthly', 'records_daily', 'reporting', 'provider:fenland_fresh']);

describe('condition evaluator', () => {
  it.each<[string, Condition, boolean]>([
    ['a flag that is on', 'records_monthly', true],
    ['a flag that is off', 'records_crop', false],
    ['all, every one on', { all: ['records_monthly', 'reporting'] }, true],
    ['all, one off', { all: ['records_monthly', 'records_crop'] }, false],
    ['any, one on', { any: ['records_crop', 'records_daily'] }, true],
    ['any, none on', { any: ['records_crop', 'records_batch'] }, false],
    ['not', { not: 'records_crop' }, true],
    [
      'at least 2 of 3, two on',
      { atLeast: 2, of: ['reporting', 'reporting_annual', 'records_daily'] },
      true,
    ],
    [
      'at least 2 of 3, one on',
      { atLeast: 2, of: ['reporting', 'reporting_annual', 'reporting_crops'] },
      false,
    ],
    ['nested', { all: ['provider:fenland_fresh', { not: { any: ['records_crop'] } }] }, true],
  ])('%s', (_, condition, expected) => {
    expect(evaluate(condition, on)).toBe(expected);
  });

  it('lists every flag a condition mentions', () => {
    expect(
      flagsIn({ all: ['a', { any: ['b', { not: 'c' }] }, { atLeast: 1, of: ['d', 'e'] }] }),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('available flags (config/features.json)', () => {
  const base = { userFeatures: [], planFeatures: [], provider: null, businessRole: 0 };

  it('turns on a package flag when the plan has it, and a user flag when the user has it', () => {
    const flags = availableFlags({
      ...base,
      userFeatures: ['listUnits'],
      planFeatures: ['records_monthly', 'documents'],
    });
    expect(flags.has('listUnits')).toBe(true);
    expect(flags.has('records_monthly')).toBe(true);
    expect(flags.has('documents')).toBe(true);
    expect(flags.has('insights')).toBe(false);
    expect(flags.has('records_crop')).toBe(false);
  });

  it('needs unit_has_mifarm_support as well as the plan feature for mifarm', () => {
    expect(availableFlags({ ...base, planFeatures: ['mifarm'] }).has('mifarm')).toBe(false);
    expect(
      availableFlags({ ...base, planFeatures: ['mifarm', 'unit_has_mifarm_support'] }).has(
        'mifarm',
      ),
    ).toBe(true);
  });

  it('derives provider:{id}, provider:{reference} and business_role', () => {
    const staff = availableFlags({
      ...base,
      provider: { id: 1, reference: 'fenland_fresh' },
      businessRole: 118,
    });
    expect([...staff].sort()).toEqual([
      'business_role:118',
      'provider:1',
      'provider:fenland_fresh',
    ]);
    expect([...availableFlags(base)]).toEqual(['business_role:0']);
  });

  it("defines every flag of the spec's section 6", () => {
    const defined = flagEntries.map((e) => e.flag);
    for (const flag of [
      'insights',
      'listUnits',
      'viewFarmDetails',
      'companyNews',
      'company_technical_resources',
      'brown_co_bps_what_if',
      'records_feedmixerhistory',
      'vetvision',
      'mifarm',
    ]) {
      expect(defined).toContain(flag);
    }
    expect(new Set(defined).size).toBe(defined.length);
  });
});
