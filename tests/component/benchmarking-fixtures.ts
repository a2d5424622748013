/**
 * Benchmark answers typed by the API contract (shared/benchmarking/api.ts), as the server
 * would send them for Lower Dale Dairy: released groups, a group suppressed for each reason,
 * and variants for an incomplete farm and a farm with no period yet.
 */
import type { FarmBenchmark, FarmKpi } from '../../shared/benchmarking/api.ts';
import {
  CONFIDENTIALITY,
  differencing,
  dominance,
  releasedWith,
  tooFew,
} from './benchmark-statistics-fixtures.ts';

const released = releasedWith(3);

const litres: FarmKpi = {
  id: 'litres_per_cow',
  title: 'Milk sold per cow',
  unit: 'l/cow',
  decimals: 0,
  better: 'higher',
  description: 'Milk sold in the year over the average herd (cows in milk and dry).',
  own: [
    { period: '2023', value: 7910.4 },
    { period: '2024', value: null },
    { period: '2025', value: 8950.2 },
  ],
  groups: [
    {
      group: 'national',
      period: '2023',
      statistic: released(402, 'Excellent', 7000, 7800, 8500, 9200),
    },
    {
      group: 'national',
      period: '2025',
      statistic: released(412, 'Excellent', 7200, 8100, 8800, 9400),
    },
    {
      group: 'region',
      period: '2025',
      statistic: released(96, 'Indicative', 7100, 8000, 8700, 9300),
    },
    { group: 'size', period: '2025', statistic: dominance },
    { group: 'region-size', period: '2023', statistic: tooFew },
    { group: 'region-size', period: '2025', statistic: tooFew },
  ],
  position: { group: 'national', quarter: 'top' },
};

const milkPrice: FarmKpi = {
  id: 'milk_price',
  title: 'Milk price',
  unit: 'ppl',
  decimals: 2,
  better: 'higher',
  own: [
    { period: '2023', value: 36.125 },
    { period: '2024', value: null },
    { period: '2025', value: 38.4 },
  ],
  groups: [
    {
      group: 'national',
      period: '2025',
      statistic: released(410, 'Excellent', 36, 37.5, 39, 40.25),
    },
    { group: 'region', period: '2025', statistic: differencing },
    { group: 'size', period: '2025', statistic: released(130, 'Good', 36.5, 37.75, 39.1, 40.5) },
    { group: 'region-size', period: '2025', statistic: tooFew },
  ],
  position: { group: 'national', quarter: 'third' },
};

export const RELEASED: FarmBenchmark = {
  provider: { reference: 'moorland_vale', name: 'Moorland Vale Dairies' },
  title: 'Benchmarking',
  enterprise: { id: 'dairy', title: 'Dairy' },
  unit: { id: 3, name: 'Lower Dale Dairy', region: 'North of England' },
  periods: ['2023', '2024', '2025'],
  period: '2025',
  periodTitle: 'Year',
  complete: 'a year counts once all 12 months are recorded',
  ownComplete: true,
  sizeBand: '100–199 cows',
  groups: [
    { id: 'national', title: 'All dairy farms', description: 'Dairy · 2025' },
    { id: 'region', title: 'North of England', description: 'Dairy · North of England · 2025' },
    { id: 'size', title: '100–199 cows', description: 'Dairy · 100–199 cows · 2025' },
    {
      id: 'region-size',
      title: 'North of England, 100–199 cows',
      description: 'Dairy · North of England · 100–199 cows · 2025',
    },
  ],
  kpis: [litres, milkPrice],
  confidentiality: CONFIDENTIALITY,
  computedAt: '2026-11-24T07:15:00.000Z',
};

/** 2024 chosen: the farm recorded only part of the year, so it is in no group; groups shown. */
export const INCOMPLETE: FarmBenchmark = {
  ...RELEASED,
  period: '2024',
  ownComplete: false,
  groups: RELEASED.groups.slice(0, 1),
  kpis: RELEASED.kpis.map((kpi) => ({
    ...kpi,
    groups: [
      ...kpi.groups,
      {
        group: 'national',
        period: '2024',
        statistic: released(405, 'Excellent', 7100, 7900, 8600, 9300),
      },
    ],
    position: null,
  })),
};

/** A unit with no complete period: nothing to compare yet. */
export const EMPTY: FarmBenchmark = {
  ...RELEASED,
  periods: [],
  period: '2026',
  ownComplete: false,
  groups: [],
  kpis: RELEASED.kpis.map((kpi) => ({ ...kpi, own: [], groups: [], position: null })),
};
