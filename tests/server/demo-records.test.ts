import { describe, expect, it } from 'vitest';
import herdJson from '../../config/reports/herd.json' with { type: 'json' };
import { loadRecordTypes } from '../../server/records/record-types.ts';
import { generateDataset } from '../../server/seed/dataset.ts';
import { computeReport } from '../../shared/reports/compute.ts';
import type { ReportDeclaration } from '../../shared/reports/declaration.ts';

/** The demo units' records (server/seed/demo-records.ts): valid, and the herd worked out by hand. */
describe('demo records', () => {
  const data = generateDataset({ farms: 0 });
  const types = loadRecordTypes();

  it('are each valid against their record type, as the records API would have saved them', () => {
    expect(data.records.length).toBeGreaterThan(0);
    for (const record of data.records) {
      const type = types.get(record.record_type);
      expect(type?.validate(record.data), JSON.stringify(record.data)).toBe(true);
    }
  });

  it("give Highfield Beef's herd report the figures worked out by hand", () => {
    const beef = data.units.find((u) => u.name === 'Highfield Beef');
    const animals = data.records.filter((r) => r.unit_id === beef?.id).map((r) => r.data);
    const result = computeReport({
      declaration: herdJson as unknown as ReportDeclaration,
      records: { animal: animals },
      range: { from: '2026-01', to: '2026-03' },
    });
    const months = result.tables[0];
    const column = (key: string) => months?.columns.findIndex((c) => c.key === key) ?? -1;
    const figure = (period: string, key: string) =>
      months?.rows.find((r) => r.key === period)?.values[column(key)];
    expect(['2026-01', '2026-02', '2026-03'].map((p) => figure(p, 'opening'))).toEqual([7, 7, 5]);
    expect(['2026-01', '2026-02', '2026-03'].map((p) => figure(p, 'head'))).toEqual([7, 5, 6]);
    expect(figure('2026-01', 'mortality')).toBeCloseTo(14.286, 3); // 1 of 7
    const headline = (id: string) => result.headlines.find((h) => h.id === id)?.value;
    expect([headline('head'), headline('births'), headline('deaths'), headline('sales')]).toEqual([
      6, 3, 2, 2,
    ]);
    expect(headline('mortality')).toBeCloseTo(28.571, 3); // 2 of 7
  });
});
