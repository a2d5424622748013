import { describe, expect, it } from 'vitest';
import { datasetSlices, generateDataset, PACKAGE_FEATURES } from '../../server/seed/dataset.ts';
import type { Dataset } from '../../server/seed/types.ts';

describe('demo dataset', () => {
  const data = generateDataset();

  it('is the same on every run', () => {
    expect(generateDataset()).toEqual(data);
  });

  it('comes in slices of farms that put together are the whole, the demo rows in the first', () => {
    const slices = [...datasetSlices({}, 333)];
    expect(slices).toHaveLength(Math.ceil(2000 / 333));
    const whole = Object.fromEntries(
      Object.keys(data).map((key) => [
        key,
        slices.flatMap((s): readonly object[] => s[key as keyof Dataset]),
      ]),
    );
    expect(whole).toEqual(data);
    expect(slices[0]?.users).toEqual(data.users);
    expect(slices[1]?.farms).toHaveLength(333);
  });

  it('holds at least 40 providers and 2,000 farms, each provider with units of its plans', () => {
    expect(data.providers.length).toBeGreaterThanOrEqual(40);
    expect(data.farms.length).toBeGreaterThanOrEqual(2000);
    const providerOfPackage = new Map(data.packages.map((p) => [p.id, p.provider_id]));
    const unitsPerProvider = new Map<number, number>();
    for (const up of data.unitPackages) {
      const provider = providerOfPackage.get(up.package_id) ?? -1;
      unitsPerProvider.set(provider, (unitsPerProvider.get(provider) ?? 0) + 1);
    }
    for (const provider of data.providers)
      expect(unitsPerProvider.get(provider.id) ?? 0).toBeGreaterThanOrEqual(20);
  });

  it('uses unique lower_snake_case references that can name theme folders', () => {
    const references = data.providers.map((p) => p.reference);
    expect(new Set(references).size).toBe(references.length);
    for (const r of references) expect(r).toMatch(/^[a-z][a-z0-9_]{1,23}$/);
  });

  it('gives plans only known package features', () => {
    for (const p of data.packages)
      for (const f of p.features) expect(PACKAGE_FEATURES).toContain(f);
  });

  it('writes clean text: no line breaks or doubled spaces in any name or address', () => {
    for (const farm of data.farms) {
      for (const value of Object.values(farm)) {
        if (typeof value === 'string') expect(value).not.toMatch(/\s{2,}|\n|^\s|\s$/);
      }
      expect(farm.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/);
    }
  });
});
