import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTrNumber, newTrNumber, TR_ALPHABET } from './tr-number.js';

describe('TR numbers', () => {
  const now = new Date('2026-05-06T07:08:09Z');

  it('look like TR-COPY-<year>-<8 chars> over an unambiguous alphabet', () => {
    for (let i = 0; i < 1000; i += 1) {
      const tr = newTrNumber(now);
      expect(tr).toMatch(/^TR-COPY-2026-[0-9A-Z]{8}$/);
      expect(isTrNumber(tr)).toBe(true);
      expect(tr.slice(13)).not.toMatch(/[ILOU]/);
    }
    expect(TR_ALPHABET).toHaveLength(32);
    expect(new Set(TR_ALPHABET).size).toBe(32);
  });

  it('use the UTC year', () => {
    expect(newTrNumber(new Date('2025-12-31T23:59:59Z'))).toMatch(/^TR-COPY-2025-/);
  });

  it('map random bytes without bias (known answer)', () => {
    const bytes = Buffer.from([0, 31, 32, 63, 255, 10, 18, 200]);
    expect(newTrNumber(now, () => bytes)).toBe('TR-COPY-2026-0Z0ZZAJ8');
  });

  // The mapping, fed a fixed uniform stream (SHA-256 in counter mode), so the figures are the same on
  // every run. Real draws are random: 100,000 of them over 2^40 collide in about 1 run of 220, which is
  // why uniqueness is the title stream's no_stream check, not this test's luck.
  it('spreads a uniform stream evenly and without collisions over 100,000 numbers', () => {
    let counter = 0;
    const uniform = (n: number) => createHash('sha256').update(`tr-number test ${counter++}`).digest().subarray(0, n);
    const seen = new Set<string>();
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i += 1) {
      const tr = newTrNumber(now, uniform);
      seen.add(tr);
      for (const c of tr.slice(13)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(100_000);
    // 800,000 symbols over 32: 25,000 each expected; chi-square with 31 degrees of freedom
    // stays under 70 with probability > 0.9999 for an unbiased mapping.
    const expected = 800_000 / 32;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(counts.size).toBe(32);
    expect(chi).toBeLessThan(70);
  });

  it('maps a biased stream to a biased spread (the check above can fail)', () => {
    // Every even byte forced below 16: a few symbols come up far more often, and chi-square is far above 70.
    let counter = 0;
    const skewed = (n: number) => Buffer.from(createHash('sha256').update(`skew ${counter++}`).digest().subarray(0, n).map((b) => (b % 2 === 0 ? b & 15 : b)));
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i += 1) for (const c of newTrNumber(now, skewed).slice(13)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = 160_000 / 32;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeGreaterThan(70);
  });
});
