import { describe, expect, test } from 'vitest';

import { formatDate, formatPeriod } from './format';

describe('portal dates', () => {
  test('a day is the UTC day, whatever the reader’s zone', () => {
    expect(formatDate('2026-03-04T23:30:00Z')).toBe('Mar 4, 2026');
  });
  test('a value that is not a date is shown as it came', () => {
    expect(formatDate('soon')).toBe('soon');
  });
  test('a chart bucket reads as its day, or its month for monthly buckets', () => {
    expect(formatPeriod('2026-03-02', 'day')).toBe('Mar 2');
    expect(formatPeriod('2026-03-02', 'week')).toBe('Mar 2');
    expect(formatPeriod('2026-03-01', 'month')).toBe('Mar 2026');
  });
});
