/**
 * Customer Insights answers typed by the API contract (shared/benchmarking/api.ts), as the server
 * would send them to Acme Foods' staff: a KPI released for both groups, one whose suppliers'
 * group is suppressed (too few farms) and one suppressed by dominance in an earlier year; 45
 * supplying units in pages of 20; and a variant for an enterprise with no supplying units.
 */
import type { CustomerInsights, InsightsKpi, SupplierRow } from '../../shared/benchmarking/api.ts';
import {
  CONFIDENTIALITY,
  dominance,
  releasedWith,
  tooFew,
} from './benchmark-statistics-fixtures.ts';

const released = releasedWith(2);

const litres: InsightsKpi = {
  id: 'litres_per_cow',
  title: 'Milk sold per cow',
  unit: 'l/cow',
  decimals: 0,
  better: 'higher',
  description: 'Milk sold in the year over the average herd.',
  suppliers: [
    { period: '2024', statistic: released(38, 'Indicative', 7300, 7950, 8600, 9100) },
    { period: '2025', statistic: released(41, 'Indicative', 7400, 8120, 8900, 9600) },
  ],
  comparison: [
    { period: '2024', statistic: released(1210, 'Excellent', 7000, 7800, 8500, 9200) },
    { period: '2025', statistic: released(1250, 'Excellent', 7200, 8100, 8800, 9400) },
  ],
};

const ghg: InsightsKpi = {
  id: 'ghg_per_kg_milk',
  title: 'Carbon footprint of milk',
  unit: 'kg CO₂e/kg',
  decimals: 2,
  better: 'lower',
  suppliers: [
    { period: '2024', statistic: tooFew },
    { period: '2025', statistic: tooFew },
  ],
  comparison: [
    { period: '2024', statistic: dominance },
    { period: '2025', statistic: released(300, 'Excellent', 1.05, 1.21, 1.38, 0.98) },
  ],
};

/** The 45 supplying dairy units, sorted as the server sorts them. */
export const UNITS: SupplierRow[] = Array.from({ length: 45 }, (_, i) => ({
  unitId: 100 + i,
  farmId: 500 + i,
  unit: `Supplier Unit ${String(i + 1).padStart(2, '0')}`,
  farm: `Supplier Farm ${String(i + 1).padStart(2, '0')}`,
  region: i % 2 === 0 ? 'North of England' : null,
  sizeBand: i % 3 === 0 ? '100–199 cows' : null,
  // The fourth farm withholds its figures from the provider (issue 20 point 3).
  shared: i !== 3,
  values:
    i === 3
      ? { litres_per_cow: null, ghg_per_kg_milk: null }
      : { litres_per_cow: 8000 + i * 10, ghg_per_kg_milk: i === 0 ? null : 1.2 },
}));

/** The answer for a page (the server's per_page) of the dairy enterprise in a period. */
export function insights(page = 1, perPage = 20, period = '2025'): CustomerInsights {
  return {
    provider: { reference: 'acme_foods', name: 'Acme Foods' },
    enterprises: [
      { id: 'dairy', title: 'Dairy', units: 45 },
      { id: 'arable', title: 'Arable', units: 0 },
    ],
    enterprise: { id: 'dairy', title: 'Dairy' },
    periods: ['2024', '2025'],
    period,
    periodTitle: 'Year',
    comparison: {
      id: 'national',
      title: 'All dairy farms',
      description: `Dairy · all regions · ${period}`,
    },
    suppliers: {
      id: 'suppliers:acme_foods',
      title: 'Your supplying dairy farms',
      description: `Dairy · Acme Foods · ${period}`,
    },
    kpis: [litres, ghg],
    units: UNITS.slice((page - 1) * perPage, page * perPage),
    page,
    per_page: perPage,
    total_records: UNITS.length,
    uptake: {
      suppliers: 45,
      surveys: [
        { id: 'welfare', title: 'Annual welfare survey', addressed: 40, submitted: 30 },
        { id: 'new', title: 'Spring survey', addressed: 0, submitted: 0 },
      ],
      calculators: [{ calculator: 'ghg', title: 'GHG What If?', units: 9 }],
    },
    confidentiality: CONFIDENTIALITY,
    computedAt: '2026-11-24T06:30:00Z',
  };
}

/** Arable: the provider has no supplying unit in it; the comparison group alone is released. */
export function arableInsights(): CustomerInsights {
  const wheat: InsightsKpi = {
    id: 'wheat_yield',
    title: 'Winter wheat yield',
    unit: 't/ha',
    decimals: 2,
    better: 'higher',
    suppliers: [{ period: '2025', statistic: tooFew }],
    comparison: [{ period: '2025', statistic: released(640, 'Excellent', 7.1, 8.2, 9.0, 9.8) }],
  };
  return {
    ...insights(),
    enterprise: { id: 'arable', title: 'Arable' },
    periods: ['2025'],
    period: '2025',
    periodTitle: 'Harvest year',
    comparison: { id: 'national', title: 'All arable farms', description: 'Arable · 2025' },
    suppliers: {
      id: 'suppliers:acme_foods',
      title: 'Your supplying arable farms',
      description: 'Arable · Acme Foods · 2025',
    },
    kpis: [wheat],
    units: [],
    total_records: 0,
    uptake: { suppliers: 0, surveys: [], calculators: [] },
  };
}
