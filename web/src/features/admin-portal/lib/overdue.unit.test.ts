import { describe, expect, it } from 'vitest';

import { isOverdue } from './overdue';

const submittedAt = '2026-11-27T08:00:00.000Z';
const at = (hours: number) => Date.parse(submittedAt) + hours * 3_600_000;

describe('isOverdue', () => {
  it('marks an open request overdue once the end of its priority’s window has passed', () => {
    expect(isOverdue({ status: 'open', priority: 'urgent', submittedAt }, at(4))).toBe(false);
    expect(isOverdue({ status: 'open', priority: 'urgent', submittedAt }, at(4.01))).toBe(true);
    expect(isOverdue({ status: 'open', priority: 'high', submittedAt }, at(7.9))).toBe(false);
    expect(isOverdue({ status: 'open', priority: 'high', submittedAt }, at(8.1))).toBe(true);
    expect(isOverdue({ status: 'open', priority: 'normal', submittedAt }, at(24.1))).toBe(true);
    expect(isOverdue({ status: 'open', priority: 'low', submittedAt }, at(47))).toBe(false);
    expect(isOverdue({ status: 'open', priority: 'low', submittedAt }, at(49))).toBe(true);
  });

  it('never marks a resolved request', () => {
    expect(isOverdue({ status: 'resolved', priority: 'urgent', submittedAt }, at(100))).toBe(false);
  });
});
