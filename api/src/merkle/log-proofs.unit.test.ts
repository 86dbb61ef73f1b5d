// Proofs by index over complete subtrees, against the RFC 6962 test vectors (Certificate Transparency's
// published inclusion and consistency proofs of the 8-leaf tree) and properties over random sizes.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consistencyRanges,
  inclusionRanges,
  rangeHash,
  treeRoot,
  verifyConsistency,
  verifyInclusionSync,
  toHex,
  type NodeId,
} from './index.js';

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));
const leafHash = (data: Uint8Array) => sha256(Uint8Array.of(0, ...data));

/** A node reader over an in-memory list of leaf hashes (straight from the definition, memoized). */
function nodesOver(leafHashes: readonly Uint8Array[]) {
  const memo = new Map<string, Uint8Array>();
  const node = (id: NodeId): Uint8Array => {
    if (id.level === 0) return leafHashes[id.index]!;
    const key = `${id.level}/${id.index}`;
    let hash = memo.get(key);
    if (!hash) {
      const left = node({ level: id.level - 1, index: 2 * id.index });
      const right = node({ level: id.level - 1, index: 2 * id.index + 1 });
      hash = sha256(Uint8Array.of(1, ...left, ...right));
      memo.set(key, hash);
    }
    return hash;
  };
  return {
    node,
    root: (size: number) => treeRoot(size, node, sha256),
    inclusion: (index: number, size: number) => inclusionRanges(index, size).map((r) => rangeHash(r, node, sha256)),
    consistency: (from: number, to: number) => consistencyRanges(from, to).map((r) => rangeHash(r, node, sha256)),
  };
}

// transparency-dev/merkle testonly: the RFC 6962 leaves, roots and proofs Certificate Transparency publishes.
const ctLeaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(hex);
const ctRoots = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const ctInclusion: [index: number, size: number, path: string[]][] = [
  [0, 1, []],
  [0, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [5, 8, ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [1, 5, ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
];
const ctConsistency: [from: number, to: number, path: string[]][] = [
  [1, 1, []],
  [1, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [6, 8, ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 5, ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
];

describe('RFC 6962 test vectors', () => {
  const tree = nodesOver(ctLeaves.map(leafHash));

  it('gives the published root of every prefix, from the empty tree up', () => {
    for (let n = 0; n <= 8; n++) expect(toHex(tree.root(n)), `size ${n}`).toBe(ctRoots[n]);
  });

  it('gives the published inclusion proofs, and they verify', () => {
    for (const [index, size, path] of ctInclusion) {
      const proof = tree.inclusion(index, size);
      expect(proof.map(toHex), `leaf ${index} of ${size}`).toEqual(path);
      expect(verifyInclusionSync({ leafIndex: index, treeSize: size, leafHash: leafHash(ctLeaves[index]!), path: proof }, hex(ctRoots[size]!), sha256)).toBe(true);
    }
  });

  it('gives the published consistency proofs, and they verify', () => {
    for (const [from, to, path] of ctConsistency) {
      const proof = tree.consistency(from, to);
      expect(proof.map(toHex), `${from} → ${to}`).toEqual(path);
      expect(verifyConsistency({ from, to, path: proof }, hex(ctRoots[from]!), hex(ctRoots[to]!), sha256)).toBe(true);
    }
  });

  it('refuses a consistency proof between sizes that were swapped, or from the empty tree', () => {
    expect(() => consistencyRanges(0, 3)).toThrow(RangeError);
    expect(() => consistencyRanges(5, 2)).toThrow(RangeError);
    expect(verifyConsistency({ from: 5, to: 2, path: [] }, hex(ctRoots[5]!), hex(ctRoots[2]!), sha256)).toBe(false);
  });
});

describe('properties over random trees', () => {
  const maxSize = 300;
  const leaves = Array.from({ length: maxSize }, (_, i) => leafHash(new TextEncoder().encode(`entry ${i}`)));
  const tree = nodesOver(leaves);
  const flip = (bytes: Uint8Array, bit: number) => {
    const copy = new Uint8Array(bytes);
    copy[(bit >> 3) % copy.length]! ^= 1 << (bit & 7);
    return copy;
  };
  const sizes = fc.integer({ min: 1, max: maxSize }).chain((to) => fc.tuple(fc.integer({ min: 1, max: to }), fc.constant(to)));

  it('any two sizes: the consistency proof verifies', () => {
    fc.assert(
      fc.property(sizes, ([from, to]) => verifyConsistency({ from, to, path: tree.consistency(from, to) }, tree.root(from), tree.root(to), sha256)),
      { numRuns: 500 },
    );
  });

  it('any two sizes: one flipped bit in the proof or either root fails', () => {
    fc.assert(
      fc.property(sizes, fc.nat(), fc.nat(), ([from, to], which, bit) => {
        const path = tree.consistency(from, to);
        const targets = path.length + 2;
        const t = which % targets;
        const tampered = path.map((h, i) => (i === t ? flip(h, bit % 256) : h));
        const first = t === path.length ? flip(tree.root(from), bit % 256) : tree.root(from);
        const second = t === path.length + 1 ? flip(tree.root(to), bit % 256) : tree.root(to);
        // from = to has no path: only a root can be flipped, and the two then differ.
        return !verifyConsistency({ from, to, path: tampered }, first, second, sha256);
      }),
      { numRuns: 500 },
    );
  });

  it('any leaf of any size: the inclusion proof verifies, and fails with one flipped bit', () => {
    const leafOf = fc.integer({ min: 1, max: maxSize }).chain((size) => fc.tuple(fc.integer({ min: 0, max: size - 1 }), fc.constant(size)));
    fc.assert(
      fc.property(leafOf, fc.nat(), fc.nat(), ([index, size], which, bit) => {
        const path = tree.inclusion(index, size);
        const root = tree.root(size);
        const proof = { leafIndex: index, treeSize: size, leafHash: leaves[index]!, path };
        if (!verifyInclusionSync(proof, root, sha256)) return false;
        const t = which % (path.length + 2);
        if (t < path.length) return !verifyInclusionSync({ ...proof, path: path.map((h, i) => (i === t ? flip(h, bit % 256) : h)) }, root, sha256);
        if (t === path.length) return !verifyInclusionSync({ ...proof, leafHash: flip(proof.leafHash, bit % 256) }, root, sha256);
        return !verifyInclusionSync(proof, flip(root, bit % 256), sha256);
      }),
      { numRuns: 500 },
    );
  });

  it('a consistency proof for other sizes than claimed fails', () => {
    fc.assert(
      fc.property(sizes, ([from, to]) => {
        fc.pre(from < to - 1);
        return !verifyConsistency({ from, to: to - 1, path: tree.consistency(from, to) }, tree.root(from), tree.root(to - 1), sha256);
      }),
      { numRuns: 300 },
    );
  });
});
