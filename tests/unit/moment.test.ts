import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../src/core/format/moment.ts';

describe('formatMoment', () => {
  const now = new Date(2026, 10, 28, 16, 30).getTime();
  it('says the time alone today', () => {
    expect(formatMoment(new Date(2026, 10, 28, 14, 2).getTime(), now)).toBe('14:02');
  });
  it('says the day too on another day', () => {
    expect(formatMoment(new Date(2026, 10, 27, 9, 5).getTime(), now)).toBe('27 Nov 2026, 09:05');
  });
});
