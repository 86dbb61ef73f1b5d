import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TREE_ROOT,
  MerkleTree,
  auditPathSides,
  decodeInclusionProof,
  encodeInclusionProof,
  formatVersion,
  hashChildren,
  hashLeaf,
  sha256,
  toHex,
  verifyInclusion,
  verifyInclusionSync,
  type InclusionProof,
} from './index.js';
import { CHUNK_LEAVES, CHUNK_LEVELS, hashLowerLevels, layout } from './parallel.js';

// Naive reference, straight from RFC 6962 §2.1: recursive MTH and PATH over a range of leaves,
// split at the largest power of two smaller than n. It shares no code with the tree under test; the
// only help it gets is memoizing MTH per range, since every test tree is a prefix of one leaf list.
function rfc6962Reference(leaves: readonly Uint8Array[]) {
  const sha = (...parts: Uint8Array[]) => {
    const h = createHash('sha256');
    for (const part of parts) h.update(part);
    return new Uint8Array(h.digest());
  };
  const split = (n: number) => {
    let k = 1;
    while (k * 2 < n) k *= 2;
    return k;
  };
  const memo = new Map<string, Uint8Array>();
  const mth = (start: number, end: number): Uint8Array => {
    const key = `${start}:${end}`;
    let hash = memo.get(key);
    if (hash === undefined) {
      const n = end - start;
      if (n === 0) hash = sha();
      else if (n === 1) hash = sha(Uint8Array.of(0), leaves[start]!);
      else hash = sha(Uint8Array.of(1), mth(start, start + split(n)), mth(start + split(n), end));
      memo.set(key, hash);
    }
    return hash;
  };
  const path = (m: number, start: number, end: number): Uint8Array[] => {
    const n = end - start;
    if (n <= 1) return [];
    const k = split(n);
    return m < k
      ? [...path(m, start, start + k), mth(start + k, end)]
      : [...path(m - k, start + k, end), mth(start, start + k)];
  };
  return { root: (n: number) => mth(0, n), mth, path: (m: number, n: number) => path(m, 0, n), sha };
}

const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));
const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => new TextEncoder().encode(`leaf ${i}`));
const flipBit = (bytes: Uint8Array, bit = 0) => {
  const copy = new Uint8Array(bytes);
  copy[bit >> 3]! ^= 1 << (bit & 7);
  return copy;
};

// transparency-dev/merkle testonly/constants.go: the RFC 6962 test vectors used by Certificate Transparency.
const ctLeafInputs = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
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
// Level-by-level node hashes of the 8-leaf tree (same source).
const ctNodes = [
  ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7'],
  ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e'],
  ['d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'],
];

describe('known answers (RFC 6962 / Certificate Transparency test vectors)', () => {
  it('hashes the empty tree to SHA-256 of the empty string', () => {
    expect(toHex(EMPTY_TREE_ROOT)).toBe(ctRoots[0]);
    expect(toHex(MerkleTree.fromLeaves([]).root)).toBe(ctRoots[0]);
  });

  it('gives the published root for every prefix of the test leaves', () => {
    for (let n = 1; n <= ctLeafInputs.length; n++) {
      const tree = MerkleTree.fromLeaves(ctLeafInputs.slice(0, n).map(hex));
      expect(toHex(tree.root), `tree size ${n}`).toBe(ctRoots[n]);
    }
  });

  it('hashes each leaf on its own when 32-byte leaves (which share an input buffer) and others alternate', () => {
    const leaves = Array.from({ length: 40 }, (_, i) => createHash('sha256').update(`leaf ${i}`).digest().subarray(0, i % 3 === 2 ? 31 + (i % 5) : 32));
    const tree = MerkleTree.fromLeaves(leaves);
    leaves.forEach((leaf, i) => {
      const expected = createHash('sha256').update(Buffer.concat([Buffer.from([0]), leaf])).digest('hex');
      expect(toHex(tree.leafHash(i)), `leaf ${i} (${leaf.length} bytes)`).toBe(expected);
    });
  });

  it('gives the published audit path of leaf 0 in the 8-leaf tree', () => {
    const proof = MerkleTree.fromLeaves(ctLeafInputs.map(hex)).inclusionProof(0);
    expect(proof.path.map(toHex)).toEqual(ctNodes.map((level) => level[1]));
  });
});

describe('hashing', () => {
  it('separates leaves from inner nodes', () => {
    const a = hashLeaf(hex('aa'));
    const b = hashLeaf(hex('bb'));
    // A two-leaf tree's root is not the leaf hash of its children's concatenation.
    expect(toHex(hashChildren(a, b))).not.toBe(toHex(hashLeaf(Buffer.concat([a, b]))));
    expect(toHex(hashLeaf(new Uint8Array(0)))).toBe(toHex(rfc6962Reference([]).sha(Uint8Array.of(0))));
  });
});

describe('small trees', () => {
  it('proves the only leaf of a one-leaf tree with an empty path; the root is the leaf hash', () => {
    const tree = MerkleTree.fromLeaves([hex('01')]);
    const proof = tree.inclusionProof(0);
    expect(proof.path).toEqual([]);
    expect(toHex(tree.root)).toBe(toHex(hashLeaf(hex('01'))));
    expect(verifyInclusionSync(proof, tree.root, sha256)).toBe(true);
  });

  it('proves each leaf of a two-leaf tree with the other leaf', () => {
    const tree = MerkleTree.fromLeaves([hex('01'), hex('02')]);
    expect(toHex(tree.root)).toBe(toHex(hashChildren(hashLeaf(hex('01')), hashLeaf(hex('02')))));
    expect(tree.inclusionProof(0).path.map(toHex)).toEqual([toHex(hashLeaf(hex('02')))]);
    expect(tree.inclusionProof(1).path.map(toHex)).toEqual([toHex(hashLeaf(hex('01')))]);
  });

  it('promotes the odd last leaf instead of duplicating it (3, 5, 7 leaves)', () => {
    for (const n of [3, 5, 7]) {
      const ref = rfc6962Reference(leavesOf(n));
      const tree = MerkleTree.fromLeaves(leavesOf(n));
      expect(toHex(tree.root)).toBe(toHex(ref.root(n)));
      // The last leaf's path is short: its subtree is lifted unchanged to meet a complete one.
      expect(tree.inclusionProof(n - 1).path.map(toHex)).toEqual(ref.path(n - 1, n).map(toHex));
    }
  });

  it('rejects an index outside the tree', () => {
    const tree = MerkleTree.fromLeaves(leavesOf(3));
    for (const index of [-1, 3, 1.5, Number.NaN]) expect(() => tree.inclusionProof(index)).toThrow(RangeError);
  });
});

describe('every leaf of every tree from 1 to 1,000 leaves is provable', () => {
  const maxSize = 1000;
  const leaves = leavesOf(maxSize);
  const ref = rfc6962Reference(leaves);
  // Proofs of every leaf for n <= 200; beyond, the edges plus a spread of indices.
  const indicesFor = (n: number) =>
    n <= 200 ? Array.from({ length: n }, (_, i) => i) : [...new Set([0, 1, n - 2, n - 1, ...[3, 7, 11, 13].map((p) => Math.floor((n * p) / 17))])];

  // About a million hashes: a second or two alone, more on a busy 2-core machine.
  it('matches the RFC 6962 reference: roots, proofs, and the proofs verify', { timeout: 60_000 }, () => {
    for (let n = 1; n <= maxSize; n++) {
      const tree = MerkleTree.fromLeaves(leaves.slice(0, n));
      const root = tree.root;
      expect(toHex(root), `root of ${n}`).toBe(toHex(ref.root(n)));
      for (const i of indicesFor(n)) {
        const proof = tree.inclusionProof(i);
        expect(proof.path.map(toHex), `path of leaf ${i} of ${n}`).toEqual(ref.path(i, n).map(toHex));
        expect(verifyInclusionSync(proof, root, sha256), `proof of leaf ${i} of ${n}`).toBe(true);
      }
    }
  });

  it('verifies every proof of every tree up to 200 leaves (no reference, so cheap)', () => {
    for (let n = 1; n <= 200; n++) {
      const tree = MerkleTree.fromLeaves(leaves.slice(0, n));
      const root = tree.root;
      for (let i = 0; i < n; i++) {
        if (!verifyInclusionSync(tree.inclusionProof(i), root, sha256)) expect.fail(`leaf ${i} of ${n}`);
      }
    }
  });
});

describe('a tampered proof fails', () => {
  const n = 77;
  const tree = MerkleTree.fromLeaves(leavesOf(n));
  const root = tree.root;
  const proofs = [0, 1, 38, 63, 64, 75, 76].map((i) => tree.inclusionProof(i));
  const verify = (proof: InclusionProof, r = root) => verifyInclusionSync(proof, r, sha256);

  it('with a flipped bit in the leaf hash', () => {
    for (const proof of proofs) {
      for (const bit of [0, 7, 255]) expect(verify({ ...proof, leafHash: flipBit(proof.leafHash, bit) })).toBe(false);
    }
  });

  it('with a flipped bit anywhere in the path', () => {
    for (const proof of proofs) {
      proof.path.forEach((_, k) => {
        const path = proof.path.map((h, j) => (j === k ? flipBit(h, 100) : h));
        expect(verify({ ...proof, path })).toBe(false);
      });
    }
  });

  it('with a flipped bit in the root', () => {
    for (const proof of proofs) expect(verify(proof, flipBit(root, 31))).toBe(false);
  });

  it('with a hash missing, added, or of the wrong length', () => {
    for (const proof of proofs) {
      expect(verify({ ...proof, path: proof.path.slice(0, -1) })).toBe(false);
      expect(verify({ ...proof, path: [...proof.path, root] })).toBe(false);
      expect(verify({ ...proof, leafHash: proof.leafHash.subarray(0, 31) })).toBe(false);
    }
  });

  it('with the wrong leaf index', () => {
    for (const proof of proofs) {
      for (const leafIndex of [proof.leafIndex - 1, proof.leafIndex + 1, proof.leafIndex ^ 2, n, -1]) {
        expect(verify({ ...proof, leafIndex }), `leaf ${proof.leafIndex} as ${leafIndex}`).toBe(false);
      }
    }
  });

  it('with the wrong tree size', () => {
    // A size only steers which side each path hash goes on. Sizes that give the leaf the same path
    // shape (leaf 0 in 76 or 77 leaves) prove nothing new and verify alike: that is why the anchor
    // records the leaf count next to the root. Every size that changes the shape must fail.
    let changedShape = 0;
    for (const proof of proofs) {
      const shape = String(auditPathSides(proof.leafIndex, n, proof.path.length));
      for (let treeSize = 0; treeSize <= 2 * n; treeSize++) {
        if (treeSize === n || String(auditPathSides(proof.leafIndex, treeSize, proof.path.length)) === shape) continue;
        changedShape++;
        expect(verify({ ...proof, treeSize }), `leaf ${proof.leafIndex} in ${treeSize}`).toBe(false);
      }
    }
    expect(changedShape).toBeGreaterThan(proofs.length * n);
  });

  it('when the index and size have no audit path of that length', () => {
    expect(auditPathSides(5, 5, 3)).toBeUndefined();
    expect(auditPathSides(0, 1, 1)).toBeUndefined();
    expect(auditPathSides(0, 2 ** 40, 40)).toHaveLength(40);
  });
});

describe('browser verification', () => {
  it('verifies with Web Crypto (async SHA-256) exactly as with node:crypto', async () => {
    const webSha256 = async (bytes: Uint8Array) => new Uint8Array(await webcrypto.subtle.digest('SHA-256', bytes));
    const tree = MerkleTree.fromLeaves(leavesOf(13));
    for (let i = 0; i < 13; i++) {
      const proof = tree.inclusionProof(i);
      expect(await verifyInclusion(proof, tree.root, webSha256)).toBe(true);
      expect(await verifyInclusion({ ...proof, leafIndex: (i + 1) % 13 }, tree.root, webSha256)).toBe(false);
    }
  });
});

describe('serialization', () => {
  it('round-trips a proof through JSON with its format version', async () => {
    const tree = MerkleTree.fromLeaves(leavesOf(21));
    const json = JSON.parse(JSON.stringify(encodeInclusionProof(tree.inclusionProof(17))));
    expect(json.formatVersion).toBe(formatVersion);
    expect(verifyInclusionSync(decodeInclusionProof(json), tree.root, sha256)).toBe(true);
    expect(() => decodeInclusionProof({ ...json, formatVersion: 99 })).toThrow(/format version/);
  });

  it('rebuilds a tree from its dump and refuses a dump whose leaves do not give its root', () => {
    const tree = MerkleTree.fromLeaves(leavesOf(9));
    const dump = JSON.parse(JSON.stringify(tree.dump()));
    expect(dump.formatVersion).toBe(formatVersion);
    expect(toHex(MerkleTree.fromDump(dump).root)).toBe(toHex(tree.root));
    expect(() => MerkleTree.fromDump({ ...dump, leafHashes: [...dump.leafHashes].reverse() })).toThrow(/inconsistent/);
    expect(() => MerkleTree.fromDump({ ...dump, formatVersion: 2 })).toThrow(/Unsupported/);
  });

  it('hands out proofs that do not change when other proofs are read', () => {
    const tree = MerkleTree.fromLeaves(leavesOf(5));
    const before = encodeInclusionProof(tree.inclusionProof(2));
    for (let i = 0; i < 5; i++) tree.inclusionProof(i);
    expect(encodeInclusionProof(tree.inclusionProof(2))).toEqual(before);
  });
});

describe('trees large enough to be hashed on worker threads', () => {
  const chunkAligned = 4 * CHUNK_LEAVES;
  const ragged = 5 * CHUNK_LEAVES + 1235; // a last chunk that is neither full nor a power of two
  const random32 = (n: number) => Array.from({ length: n }, () => new Uint8Array(randomBytes(32)));

  it('the workers write the leaf hashes and every chunk root as the RFC 6962 reference has them', () => {
    const leaves = random32(ragged);
    const ref = rfc6962Reference(leaves);
    const { levelStarts, levelSizes, total } = layout(ragged);
    const nodes = new SharedArrayBuffer(total * 32);
    const raw = new SharedArrayBuffer(ragged * 32);
    leaves.forEach((leaf, i) => new Uint8Array(raw).set(leaf, i * 32));
    expect(hashLowerLevels(nodes, raw, levelStarts, levelSizes)).toBe(true);
    const node = (level: number, j: number) => toHex(Buffer.from(nodes, (levelStarts[level]! + j) * 32, 32));
    for (const i of [0, 1, CHUNK_LEAVES, ragged - 1]) expect(node(0, i), `leaf ${i}`).toBe(toHex(ref.sha(Uint8Array.of(0), leaves[i]!)));
    for (let c = 0; c < levelSizes[CHUNK_LEVELS]!; c++) {
      expect(node(CHUNK_LEVELS, c), `root of chunk ${c}`).toBe(toHex(ref.mth(c * CHUNK_LEAVES, Math.min((c + 1) * CHUNK_LEAVES, ragged))));
    }
  });

  it.each([
    ['32-byte leaves, chunk-aligned', chunkAligned, random32],
    ['32-byte leaves, ragged', ragged, random32],
    ['leaves of other lengths (hashed by the caller, levels by the workers)', ragged, leavesOf],
  ] as const)('gives the reference root and proofs: %s', (_name, n, make) => {
    const leaves = make(n);
    const ref = rfc6962Reference(leaves);
    const tree = MerkleTree.fromLeaves(leaves);
    expect(toHex(tree.root)).toBe(toHex(ref.root(n)));
    for (const i of [0, 1, CHUNK_LEAVES - 1, CHUNK_LEAVES, n - 2, n - 1, Math.floor(n / 3)]) {
      const proof = tree.inclusionProof(i);
      expect(proof.path.map(toHex), `path of leaf ${i}`).toEqual(ref.path(i, n).map(toHex));
      expect(verifyInclusionSync(proof, tree.root, sha256)).toBe(true);
    }
    const again = MerkleTree.fromLeafHashes(leaves.map((leaf) => hashLeaf(leaf)));
    expect(toHex(again.root)).toBe(toHex(ref.root(n)));
    const oneThread = MerkleTree.fromLeaves(leaves, { workers: false });
    expect(toHex(oneThread.inclusionProof(n - 1).path[0]!)).toBe(toHex(tree.inclusionProof(n - 1).path[0]!));
    expect(toHex(oneThread.root)).toBe(toHex(ref.root(n)));
  });

  it('built for proofs (their views made while the workers hash), proves every leaf as a tree hashed on one thread does', () => {
    const leaves = random32(ragged);
    const forProofs = MerkleTree.fromLeaves(leaves, { forProofs: true });
    const oneThread = MerkleTree.fromLeaves(leaves, { workers: false });
    expect(toHex(forProofs.root)).toBe(toHex(oneThread.root));
    const bytes = (proof: InclusionProof) => Buffer.concat([proof.leafHash, ...proof.path]);
    const differing: number[] = [];
    for (let i = 0; i < ragged; i++) {
      if (!bytes(forProofs.inclusionProof(i)).equals(bytes(oneThread.inclusionProof(i)))) differing.push(i);
    }
    expect(differing).toEqual([]);
  });
});
