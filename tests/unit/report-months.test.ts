import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/core/format/dates.ts';
import {
  monthFigures,
  monthTotals,
  periodText,
  recentMonths,
} from '../../src/screens/reports/report-figures.ts';

const month = (day: string, litres = 100) => monthFigures({ month: day, milk_sold_litres: litres });
const shown = (day: string) => formatDate(day, 'monthYear');

/** The monthly report's headline counts calendar months, not records. */
describe('the monthly report headline period', () => {
  it('covers twelve whole months up to the newest', () => {
    // Newest first, as the report asks for them: Mar 2026 back to Jan 2025.
    const months = Array.from({ length: 15 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 2 - i, 1));
      return month(d.toISOString().slice(0, 10));
    });
    const period = recentMonths(months, 12);
    expect(period?.months).toHaveLength(12);
    expect(period && periodText(period, shown)).toBe('Apr 2025 to Mar 2026 (12 months)');
  });

  it('says how many months are recorded when some are missing, rather than reaching back', () => {
    // Twelve records spread over two years: only those of Apr 2025 to Mar 2026 count.
    const days = [
      '2026-03-01',
      '2026-01-01',
      '2025-11-01',
      '2025-09-01',
      '2025-07-01',
      '2025-05-01',
      '2025-03-01',
      '2025-01-01',
      '2024-11-01',
      '2024-09-01',
      '2024-07-01',
      '2024-05-01',
    ];
    const period = recentMonths(
      days.map((d) => month(d)),
      12,
    );
    expect(period?.months.map((m) => m.month)).toEqual(days.slice(0, 6));
    expect(period && periodText(period, shown)).toBe(
      'May 2025 to Mar 2026, 6 of 11 months recorded',
    );
    expect(monthTotals(period?.months ?? []).litres).toBe(600);
  });

  it('counts a month recorded twice once', () => {
    const period = recentMonths([
      month('2026-03-15', 7),
      month('2026-03-01', 9),
      month('2026-02-01'),
    ]);
    expect(period?.months.map((m) => m.litres)).toEqual([7, 100]);
    expect(period && periodText(period, shown)).toBe('Feb 2026 to Mar 2026 (2 months)');
  });

  it('names a single month, and has no period without a month', () => {
    const single = recentMonths([month('2024-01-15')]);
    expect(single && periodText(single, shown)).toBe('Jan 2024');
    expect(recentMonths([month('soon')])).toBeNull();
    expect(recentMonths([])).toBeNull();
  });
});
