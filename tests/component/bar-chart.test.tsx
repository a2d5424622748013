import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from '../../src/ui/chart/BarChart.tsx';

describe('BarChart', () => {
  it('draws one bar a value, scaled to the largest, labelled and titled', () => {
    const { container } = render(
      <BarChart
        title="Milk sold each month, in litres"
        bars={[
          { label: 'Sep 2026', value: 90_000 },
          { label: 'Oct 2026', value: 180_000 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Milk sold each month, in litres' })).toBeTruthy();
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(2);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBeCloseTo(2 * (heights[0] ?? 0), 6);
    expect(screen.getByText('180k')).toBeTruthy();
    expect(screen.getByText('Oct 2026')).toBeTruthy();
    expect(bars[0]?.querySelector('title')?.textContent).toBe('Sep 2026: 90,000');
  });

  it('draws nothing taller than the axis when every value is zero', () => {
    const { container } = render(<BarChart title="Nothing" bars={[{ label: 'Jan', value: 0 }]} />);
    expect(container.querySelector('rect')?.getAttribute('height')).toBe('0');
  });
});
