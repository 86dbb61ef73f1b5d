// The browser's consistency check against a reference tree written here from RFC 6962 §2.1 (MTH and
// SUBPROOF, recursively): every pair of sizes up to 40 verifies, and a flipped byte, a dropped node or
// a swapped root fails.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { verifyConsistency } from './consistency';

const sha = (...parts: Uint8Array[]) => new Uint8Array(createHash('sha256').update(Buffer.concat(parts)).digest());
const leaf = (i: number) => sha(Uint8Array.of(0), new TextEncoder().encode(`leaf ${i}`));
const largestPowerBelow = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

function mth(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return leaves[0]!;
  const k = largestPowerBelow(leaves.length);
  return sha(Uint8Array.of(1), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

function subproof(m: number, leaves: readonly Uint8Array[], complete: boolean): Uint8Array[] {
  const n = leaves.length;
  if (m === n) return complete ? [] : [mth(leaves)];
  const k = largestPowerBelow(n);
  if (m <= k) return [...subproof(m, leaves.slice(0, k), complete), mth(leaves.slice(k))];
  return [...subproof(m - k, leaves.slice(k), false), mth(leaves.slice(0, k))];
}

const all = Array.from({ length: 40 }, (_, i) => leaf(i));

describe('verifyConsistency (RFC 6962)', () => {
  it('accepts the proof between any two sizes', async () => {
    for (let to = 1; to <= all.length; to++) {
      for (let from = 1; from <= to; from++) {
        const path = subproof(from, all.slice(0, to), true);
        expect(await verifyConsistency(from, to, mth(all.slice(0, from)), mth(all.slice(0, to)), path), `${from} → ${to}`).toBe(true);
      }
    }
  });

  it('refuses a flipped byte, a dropped node, swapped roots and swapped sizes', async () => {
    const [from, to] = [6, 27];
    const path = subproof(from, all.slice(0, to), true);
    const [a, b] = [mth(all.slice(0, from)), mth(all.slice(0, to))];
    expect(await verifyConsistency(from, to, a, b, path)).toBe(true);
    for (let n = 0; n < path.length; n++) {
      const flipped = path.map((node, i) => (i === n ? node.map((byte, j) => (j === 5 ? byte ^ 1 : byte)) : node));
      expect(await verifyConsistency(from, to, a, b, flipped), `node ${n}`).toBe(false);
    }
    expect(await verifyConsistency(from, to, a, b, path.slice(1))).toBe(false);
    expect(await verifyConsistency(from, to, b, a, path)).toBe(false);
    expect(await verifyConsistency(to, from, b, a, path)).toBe(false);
  });
});
