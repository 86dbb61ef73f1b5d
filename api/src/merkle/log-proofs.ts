// Proofs over an append-only log tree (RFC 6962 §2.1, RFC 9162 §2.1): inclusion and consistency proofs
// computed by index from the hashes of complete subtrees, root of any size, and consistency proof
// verification. Pure index arithmetic plus a caller-supplied SHA-256, no I/O: a store that keeps the
// hashes of complete subtrees (tiles, for the event log) is asked only for the nodes `rangeNodes`
// names, and the proofs are assembled here.
import { HASH_SIZE, bytesEqual, nodeHashInput, type Sha256 } from './rfc6962.js';

/** The complete, aligned subtree of 2^level leaves starting at leaf index * 2^level. */
export interface NodeId {
  readonly level: number;
  readonly index: number;
}

/** Leaves [start, end) of a tree: every hash in a proof is the Merkle Tree Hash of one such range. */
export interface LeafRange {
  readonly start: number;
  readonly end: number;
}

/** A consistency proof between the trees of `from` and `to` leaves (RFC 9162 §2.1.4). */
export interface ConsistencyProof {
  readonly from: number;
  readonly to: number;
  readonly path: readonly Uint8Array[];
}

/** The largest power of two strictly below n (n ≥ 2): RFC 6962's split point. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function checkSize(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative safe integer, got ${n}`);
}

/** The ranges whose hashes make the audit path of leaf `index` in a tree of `size` leaves, bottom-up (RFC 6962 PATH). */
export function inclusionRanges(index: number, size: number): LeafRange[] {
  checkSize('size', size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) {
    throw new RangeError(`Leaf index ${index} is outside a tree of ${size} leaves`);
  }
  const out: LeafRange[] = [];
  const path = (m: number, start: number, end: number): void => {
    const n = end - start;
    if (n <= 1) return;
    const k = split(n);
    if (m < k) {
      path(m, start, start + k);
      out.push({ start: start + k, end });
    } else {
      path(m - k, start + k, end);
      out.push({ start, end: start + k });
    }
  };
  path(index, 0, size);
  return out;
}

/** The ranges whose hashes make the consistency proof from `from` to `to` leaves (RFC 6962 SUBPROOF); empty when from = to. */
export function consistencyRanges(from: number, to: number): LeafRange[] {
  checkSize('from', from);
  checkSize('to', to);
  if (from < 1 || from > to) throw new RangeError(`A consistency proof needs 1 ≤ from ≤ to, got from ${from}, to ${to}`);
  const out: LeafRange[] = [];
  const subproof = (m: number, start: number, end: number, whole: boolean): void => {
    const n = end - start;
    if (m === n) {
      if (!whole) out.push({ start, end });
      return;
    }
    const k = split(n);
    if (m <= k) {
      subproof(m, start, start + k, whole);
      out.push({ start: start + k, end });
    } else {
      subproof(m - k, start + k, end, false);
      out.push({ start, end: start + k });
    }
  };
  if (from < to) subproof(from, 0, to, true);
  return out;
}

/**
 * The complete subtrees that make up a range, left to right (largest first for the ranges proofs use:
 * a complete subtree, or the ragged right edge of a tree).
 */
export function rangeNodes(range: LeafRange): NodeId[] {
  const nodes: NodeId[] = [];
  let start = range.start;
  while (start < range.end) {
    let size = 1;
    let level = 0;
    while (start % (size * 2) === 0 && start + size * 2 <= range.end) {
      size *= 2;
      level += 1;
    }
    nodes.push({ level, index: start / size });
    start += size;
  }
  return nodes;
}

/** Merkle Tree Hash of a proof range from its complete subtrees (the ragged right edge is folded right to left). */
export function rangeHash(range: LeafRange, node: (id: NodeId) => Uint8Array, sha256: Sha256): Uint8Array {
  const nodes = rangeNodes(range);
  if (nodes.length === 0) return sha256(new Uint8Array(0));
  let hash = node(nodes[nodes.length - 1]!);
  for (let i = nodes.length - 2; i >= 0; i--) hash = sha256(nodeHashInput(node(nodes[i]!), hash));
  return hash;
}

/** Every complete subtree needed to answer for these ranges, without duplicates. */
export function nodesOf(ranges: readonly LeafRange[]): NodeId[] {
  const seen = new Map<string, NodeId>();
  for (const range of ranges) for (const id of rangeNodes(range)) seen.set(`${id.level}/${id.index}`, id);
  return [...seen.values()];
}

/** The root of the tree of `size` leaves (SHA-256 of the empty string when empty). */
export function treeRoot(size: number, node: (id: NodeId) => Uint8Array, sha256: Sha256): Uint8Array {
  checkSize('size', size);
  return rangeHash({ start: 0, end: size }, node, sha256);
}

function isPowerOfTwo(n: number): boolean {
  if (n < 1) return false;
  while (n % 2 === 0) n /= 2;
  return n === 1;
}

/**
 * Whether `proof` shows that the tree of `proof.from` leaves with root `firstRoot` is a prefix of the tree
 * of `proof.to` leaves with root `secondRoot` (RFC 9162 §2.1.4.2). Sizes go beyond 2^31: numbers, not bitwise operators.
 */
export function verifyConsistency(proof: ConsistencyProof, firstRoot: Uint8Array, secondRoot: Uint8Array, sha256: Sha256): boolean {
  const { from, to } = proof;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || from > to) return false;
  if (firstRoot.length !== HASH_SIZE || secondRoot.length !== HASH_SIZE || proof.path.some((h) => h.length !== HASH_SIZE)) return false;
  if (from === to) return proof.path.length === 0 && bytesEqual(firstRoot, secondRoot);
  const path = isPowerOfTwo(from) ? [firstRoot, ...proof.path] : [...proof.path];
  if (path.length === 0) return false;
  let fn = from - 1;
  let sn = to - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = sha256(nodeHashInput(c, fr));
      sr = sha256(nodeHashInput(c, sr));
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = sha256(nodeHashInput(sr, c));
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesEqual(fr, firstRoot) && bytesEqual(sr, secondRoot);
}
