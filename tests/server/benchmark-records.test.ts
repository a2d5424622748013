import { describe, expect, it } from 'vitest';
import { evaluate } from '../../shared/calc/index.ts';
import type { GhgInputs } from '../../shared/calc/ghg.ts';
import { loadRecordTypes } from '../../server/records/record-types.ts';
import { generateDataset } from '../../server/seed/dataset.ts';
import type { RecordRow } from '../../server/seed/types.ts';

/**
 * The farm records seeded across the generated farms (server/seed/benchmark-records.ts): the
 * same for a seed, each valid against its record type, only where a plan of the unit has the
 * record type's feature, and consistent within a unit.
 */
describe('benchmark records', () => {
  const data = generateDataset({ farms: 300 });
  const types = loadRecordTypes();
  const ofType = (type: string) => data.records.filter((r) => r.record_type === type);
  const byUnit = (rows: readonly RecordRow[]) => {
    const map = new Map<number, Record<string, unknown>[]>();
    for (const r of rows) map.set(r.unit_id, [...(map.get(r.unit_id) ?? []), r.data]);
    return map;
  };
  const unitNamed = (name: string) => data.units.find((u) => u.name === name)?.id ?? -1;

  it('are the same for a seed and differ for another', () => {
    const again = generateDataset({ farms: 300 });
    expect(again.records).toEqual(data.records);
    expect(again.calculations).toEqual(data.calculations);
    const other = generateDataset({ farms: 300, seed: 7 });
    expect(other.records).not.toEqual(data.records);
  });

  it('hold every record type the benchmarks read, each record valid against its type', () => {
    for (const type of ['monthly', 'annual', 'crop', 'animal', 'medicine-book']) {
      expect(ofType(type).length, type).toBeGreaterThan(0);
    }
    for (const record of data.records) {
      const type = types.get(record.record_type);
      expect(type?.validate(record.data), JSON.stringify(record)).toBe(true);
    }
  });

  it("are only on units one of whose plans has the record type's feature", () => {
    const features = new Map(data.packages.map((p) => [p.id, p.features]));
    const held = new Map<number, Set<string>>();
    for (const up of data.unitPackages) {
      const set = held.get(up.unit_id) ?? new Set<string>();
      for (const f of features.get(up.package_id) ?? []) set.add(f);
      held.set(up.unit_id, set);
    }
    for (const record of data.records) {
      // The five types' access is one plan feature each (config/records/<type>.json).
      const access = types.get(record.record_type)?.access;
      const feature = typeof access === 'string' ? access : JSON.stringify(access);
      expect(held.get(record.unit_id)?.has(feature), JSON.stringify(record)).toBe(true);
    }
    for (const c of data.calculations) {
      expect(held.get(c.unit_id)?.has('ghg_what_if_dairy')).toBe(true);
    }
  });

  it('give a dairy one monthly record a month, every month of 2023 to October 2026', () => {
    const months = byUnit(ofType('monthly'));
    expect(months.size).toBeGreaterThan(50);
    for (const [, rows] of months) {
      const list = rows.map((r) => String(r.month));
      expect(new Set(list).size).toBe(list.length);
      expect(list.length).toBe(46);
      expect([list[0], list[list.length - 1]]).toEqual(['2023-01-01', '2026-10-01']);
    }
  });

  it('make net profit output less variable and fixed costs, once a year end per unit', () => {
    for (const [, rows] of byUnit(ofType('annual'))) {
      const ends = rows.map((r) => r.year_end_date);
      expect(new Set(ends).size).toBe(ends.length);
      for (const r of rows) {
        const [output, variable, fixed] = [
          r.total_output_gbp,
          r.variable_costs_gbp,
          r.fixed_costs_gbp,
        ].map(Number) as [number, number, number];
        expect(r.net_profit_gbp).toBe(output - variable - fixed);
        expect(Number(r.owned_ha) + Number(r.rented_ha)).toBeCloseTo(Number(r.total_farmed_ha), 1);
      }
    }
  });

  it("name as a field's previous crop the crop of its record the year before", () => {
    for (const [, rows] of byUnit(ofType('crop'))) {
      const crop = new Map(
        rows.map((r) => [`${String(r.field_name)} ${String(r.harvest_date).slice(0, 4)}`, r]),
      );
      for (const r of rows) {
        expect(String(r.harvest_date) > String(r.drilling_date)).toBe(true);
        const before = crop.get(
          `${String(r.field_name)} ${String(Number(String(r.harvest_date).slice(0, 4)) - 1)}`,
        );
        if (before) expect(r.previous_crop).toBe(before.crop);
      }
    }
  });

  it('store GHG baselines as the calculator computes them from the unit’s months', () => {
    expect(data.calculations.length).toBeGreaterThan(0);
    const months = byUnit(ofType('monthly'));
    for (const c of data.calculations) {
      expect(c).toMatchObject({ calculator: 'ghg-dairy', role: 'baseline' });
      const year = c.name.replace('Baseline ', '');
      const inputs = c.inputs as unknown as GhgInputs;
      expect(c.result).toMatchObject({
        totals: evaluate('ghg', inputs).totals,
        methodVersion: c.method_version,
      });
      const recorded = (months.get(c.unit_id) ?? []).filter((m) =>
        String(m.month).startsWith(year),
      );
      if (recorded.length === 12) {
        const head =
          recorded.reduce((s, m) => s + Number(m.cows_in_milk) + Number(m.dry_cows), 0) / 12;
        const litres = recorded.reduce((s, m) => s + Number(m.milk_sold_litres), 0);
        expect(inputs.animals?.[0]?.head).toBe(Math.round(head));
        expect(inputs.product?.amount).toBe(Math.round(litres * 1.03));
      }
    }
  });

  it("leave the demo farms' units alone", () => {
    const demo = (name: string) => data.records.filter((r) => r.unit_id === unitNamed(name));
    expect(demo('Lower Dale Dairy')).toEqual([]);
    expect(demo('Highfield Arable')).toEqual([]);
    expect(demo('Highfield Sheep')).toEqual([]);
    expect(demo('Highfield Beef')).toHaveLength(10); // demo-records.ts's herd, nothing more
    const demoUnits = ['Lower Dale Dairy', 'Highfield Beef'].map(unitNamed);
    expect(data.calculations.filter((c) => demoUnits.includes(c.unit_id))).toEqual([]);
  });
});
