/**
 * The style guide's sample charts, one of each kind, with the cases a chart must draw well: a
 * month without a figure, a forecast beside actuals, long category names, a composition.
 */
import type { ChartProps } from '../../ui/chart/Chart.tsx';

const MONTHS = [
  'Oct 2025',
  'Nov 2025',
  'Dec 2025',
  'Jan 2026',
  'Feb 2026',
  'Mar 2026',
  'Apr 2026',
  'May 2026',
  'Jun 2026',
];

export const SAMPLE_CHARTS: readonly ChartProps[] = [
  {
    kind: 'line',
    title: 'Milk per cow per day, actual and forecast',
    unit: 'litres',
    categories: MONTHS,
    series: [
      {
        name: 'Actual',
        style: 'actual',
        values: [29.4, 28.1, 28.6, null, 30.2, 31.4, null, null, null],
      },
      {
        name: 'Forecast',
        style: 'forecast',
        values: [29.0, 28.5, 28.8, 29.5, 30.0, 30.8, 31.2, 31.5, 30.6],
      },
    ],
  },
  {
    kind: 'grouped-bars',
    title: 'Emissions by source, baseline and scenario',
    unit: 'kg CO2e',
    horizontal: true,
    categories: [
      'Enteric CH4',
      'Manure management CH4',
      'Manure N2O',
      'Fertiliser N2O',
      'Fuel and electricity',
    ],
    series: [
      { name: 'Baseline', style: 'baseline', values: [642096, 181220, 40310, 58950, 21400] },
      { name: 'Scenario', style: 'scenario', values: [606821, 171260, 38090, 58950, 21400] },
    ],
  },
  {
    kind: 'stacked-bars',
    title: 'Area by crop',
    unit: 'ha',
    categories: ['2023', '2024', '2025', '2026'],
    series: [
      { name: 'Wheat', values: [120.5, 118.0, 124.2, 110.0] },
      { name: 'Oilseed rape', values: [45.0, 52.5, null, 38.4] },
      { name: 'Spring barley', values: [60.2, 55.0, 71.3, 80.6] },
      { name: 'Beans', style: 'forecast', values: [null, null, 20.0, 26.5] },
    ],
  },
];
