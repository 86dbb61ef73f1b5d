import { describe, expect, it } from 'vitest';
import { START, comparePositions, formatPosition, isAfter, parsePosition } from './position.js';

describe('positions', () => {
  it('order by commit, then prepare', () => {
    expect(comparePositions({ commit: 5n, prepare: 1n }, { commit: 4n, prepare: 9n })).toBe(1);
    expect(comparePositions({ commit: 4n, prepare: 1n }, { commit: 4n, prepare: 2n })).toBe(-1);
    expect(comparePositions({ commit: 4n, prepare: 2n }, { commit: 4n, prepare: 2n })).toBe(0);
    expect(isAfter({ commit: 1n, prepare: 1n }, START)).toBe(true);
  });

  it('round-trip through text', () => {
    const p = { commit: 1000n, prepare: 999n };
    expect(parsePosition(formatPosition(p))).toEqual(p);
    expect(() => parsePosition('12')).toThrow(/Not a log position/);
  });
});
