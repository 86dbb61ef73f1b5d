import { describe, expect, it } from 'vitest';
import { chunkSizes, leavesToSeal, msUntilDue, newLeavesCallForALook } from './policy.js';

const policy = { batchSize: 256, batchMs: 2000 };

describe('leavesToSeal', () => {
  it('waits while the batch is filling and young', () => {
    expect(leavesToSeal({ count: 0, oldestAgeMs: 0 }, policy)).toBe(0);
    expect(leavesToSeal({ count: 1, oldestAgeMs: 1999 }, policy)).toBe(0);
    expect(leavesToSeal({ count: 255, oldestAgeMs: 0 }, policy)).toBe(0);
  });

  it('seals a full batch at once, never more than the batch size', () => {
    expect(leavesToSeal({ count: 256, oldestAgeMs: 0 }, policy)).toBe(256);
    expect(leavesToSeal({ count: 10_000, oldestAgeMs: 0 }, policy)).toBe(256);
    expect(leavesToSeal({ count: 10_000, oldestAgeMs: 60_000 }, policy)).toBe(256);
  });

  it('seals whatever waits once the oldest leaf has waited T', () => {
    expect(leavesToSeal({ count: 1, oldestAgeMs: 2000 }, policy)).toBe(1);
    expect(leavesToSeal({ count: 17, oldestAgeMs: 5000 }, policy)).toBe(17);
  });

  it('says how long until the pending leaves are due', () => {
    expect(msUntilDue({ count: 0, oldestAgeMs: 0 }, policy)).toBeUndefined();
    expect(msUntilDue({ count: 3, oldestAgeMs: 500 }, policy)).toBe(1500);
    expect(msUntilDue({ count: 3, oldestAgeMs: 5000 }, policy)).toBe(0);
    expect(msUntilDue({ count: 300, oldestAgeMs: 0 }, policy)).toBe(0);
  });
});

describe('newLeavesCallForALook', () => {
  it('calls for a look when no leaves were known to wait: the new ones start a deadline', () => {
    expect(newLeavesCallForALook(0, 1, policy)).toBe(true);
    expect(newLeavesCallForALook(0, 300, policy)).toBe(true);
  });

  it('lets the wake-up already set for waiting leaves come, until the new ones fill a batch', () => {
    expect(newLeavesCallForALook(1, 1, policy)).toBe(false);
    expect(newLeavesCallForALook(200, 55, policy)).toBe(false);
    expect(newLeavesCallForALook(200, 56, policy)).toBe(true);
    expect(newLeavesCallForALook(255, 1, policy)).toBe(true);
  });
});

describe('chunkSizes', () => {
  it('splits a backlog into full batches and one remainder, oldest first', () => {
    expect(chunkSizes(0, 256)).toEqual([]);
    expect(chunkSizes(1, 256)).toEqual([1]);
    expect(chunkSizes(256, 256)).toEqual([256]);
    expect(chunkSizes(257, 256)).toEqual([256, 1]);
    expect(chunkSizes(10_000, 256)).toHaveLength(40);
    expect(chunkSizes(10_000, 256).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it('matches what leavesToSeal seals call after call on a due backlog', () => {
    let count = 1000;
    const sealed: number[] = [];
    for (let n = leavesToSeal({ count, oldestAgeMs: 9999 }, policy); n > 0; n = leavesToSeal({ count, oldestAgeMs: 9999 }, policy)) {
      sealed.push(n);
      count -= n;
    }
    expect(sealed).toEqual(chunkSizes(1000, 256));
  });
});
