// An RFC 6962 Merkle tree over one batch of leaves, built once, kept in memory, then asked for its
// root and for the inclusion proof of any leaf by index. Node-only (node:crypto); verification lives in
// proof.ts so the browser can use it.
//
// Layout: level 0 holds the leaf hashes, level k+1 pairs up level k (node j = hash(2j, 2j+1)); when a
// level has an odd count its last node has no sibling and is promoted unchanged. That "left-full" tree
// is exactly RFC 6962's (split at the largest power of two below n): complete subtrees fill from the
// left and the ragged right edge is lifted until it meets one. All levels sit in one flat buffer, so a
// proof is a walk of index arithmetic (sibling = i ^ 1, parent = i >> 1), never a search.
// A tree of PARALLEL_MIN_LEAVES or more, on a machine with more than one core, has its leaves and
// lower levels hashed on worker threads (parallel.ts) while the caller waits; the result is the same.
import { hash as oneShotHash } from 'node:crypto';
import {
  HASH_SIZE,
  LEAF_PREFIX,
  NODE_PREFIX,
  formatVersion,
  hashFromHex,
  toHex,
  type InclusionProof,
} from './proof.js';
import { CHUNK_LEVELS, hashLowerLevels, layout, parallelWorthIt } from './parallel.js';

/** SHA-256 with node:crypto's one-shot API (about a third faster than createHash for 65-byte inputs). */
export function sha256(bytes: Uint8Array): Uint8Array {
  return oneShotHash('sha256', bytes, 'buffer');
}

/**
 * Writes SHA-256(input) into target at offset. The digest comes back as a 'binary' (latin1) string (one char per
 * byte, so exact) rather than a Buffer: a Buffer per hash is off-heap memory that makes V8 run full
 * garbage collections, which tripled the build time of a million-leaf tree.
 */
function writeSha256(target: Buffer, offset: number, input: Buffer): void {
  target.write(oneShotHash('sha256', input, 'binary'), offset, HASH_SIZE, 'binary');
}

/** RFC 6962 leaf hash: SHA-256(0x00 || data). */
export function hashLeaf(data: Uint8Array): Uint8Array {
  const input = Buffer.allocUnsafe(1 + data.length);
  input[0] = LEAF_PREFIX;
  input.set(data, 1);
  return sha256(input);
}

/** RFC 6962 inner node hash: SHA-256(0x01 || left || right). */
export function hashChildren(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = Buffer.allocUnsafe(1 + 2 * HASH_SIZE);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + HASH_SIZE);
  return sha256(input);
}

/** RFC 6962 hash of the empty tree: SHA-256 of the empty string. */
export const EMPTY_TREE_ROOT: Uint8Array = sha256(new Uint8Array(0));

/** A tree as stored: enough to rebuild it (the leaf hashes) and to check the rebuild (the root). */
export interface MerkleTreeDump {
  readonly formatVersion: typeof formatVersion;
  readonly hash: 'sha256';
  readonly treeSize: number;
  readonly root: string;
  readonly leafHashes: readonly string[];
}

/** Hashes levels `fromLevel` … root of `nodes`, each from the level below it (which must be there). */
function hashLevels(nodes: Buffer, levelStarts: readonly number[], levelSizes: readonly number[], fromLevel: number): void {
  const input = Buffer.allocUnsafe(1 + 2 * HASH_SIZE);
  input[0] = NODE_PREFIX;
  for (let level = Math.max(fromLevel, 1); level < levelSizes.length; level++) {
    const width = levelSizes[level - 1]!;
    let child = levelStarts[level - 1]! * HASH_SIZE;
    let parent = levelStarts[level]! * HASH_SIZE;
    for (let j = 0; j + 1 < width; j += 2, child += 2 * HASH_SIZE, parent += HASH_SIZE) {
      // Siblings are adjacent in the buffer: left || right is one 64-byte range.
      nodes.copy(input, 1, child, child + 2 * HASH_SIZE);
      writeSha256(nodes, parent, input);
    }
    if (width % 2 === 1) nodes.copy(nodes, parent, child, child + HASH_SIZE);
  }
}

/** How to build a tree. */
export interface BuildOptions {
  /** Hash a large tree on worker threads (parallel.ts) when the machine has more than one core (default true). */
  readonly workers?: boolean;
  /**
   * The caller will ask for the proof of every leaf (the proofs read model does): a tree hashed on
   * worker threads has the views its proofs hand out made meanwhile, on the caller's thread, which
   * would otherwise only wait (one per node: ~0.2 µs each, the larger part of proving every leaf).
   */
  readonly forProofs?: boolean;
}

/** A read-only view of each node of `nodes` (HASH_SIZE bytes each): what proofs hand out. */
function nodeView(nodes: Buffer, node: number): Uint8Array {
  return new Uint8Array(nodes.buffer, nodes.byteOffset + node * HASH_SIZE, HASH_SIZE);
}

export class MerkleTree {
  /** Number of leaves. */
  readonly size: number;
  /** Every node, level by level from the leaves up, HASH_SIZE bytes each. */
  readonly #nodes: Buffer;
  /** Index (in nodes) of the first node of each level, and the level's node count. */
  readonly #levelStarts: readonly number[];
  readonly #levelSizes: readonly number[];
  /** Read-only views of nodes handed out in proofs, made at most once per node. */
  readonly #views: (Uint8Array | undefined)[];

  /** `nodes` holds every level (tree.ts's layout for `size` leaves), hashed; `views`, where made, a view of each. */
  private constructor(nodes: Buffer, size: number, views?: Uint8Array[]) {
    const { levelStarts, levelSizes, total } = layout(size);
    this.size = size;
    this.#nodes = nodes;
    this.#levelStarts = levelStarts;
    this.#levelSizes = levelSizes;
    this.#views = views ?? new Array<Uint8Array | undefined>(total);
  }

  /**
   * A tree of `size` leaves. `writeLeafHashes` writes them into level 0 of the buffer it is given.
   * `rawLeaves`, where given, may instead hand over the raw 32-byte leaves in shared memory for the
   * workers to hash (null when it cannot: leaves of other lengths).
   */
  static #build(
    size: number,
    options: BuildOptions,
    writeLeafHashes: (nodes: Buffer) => void,
    rawLeaves?: () => SharedArrayBuffer | null,
  ): MerkleTree {
    const { levelStarts, levelSizes, total } = layout(size);
    if (options.workers !== false && parallelWorthIt(size)) {
      const shared = new SharedArrayBuffer(total * HASH_SIZE);
      const nodes = Buffer.from(shared);
      const raw = rawLeaves?.() ?? null;
      if (!raw) writeLeafHashes(nodes);
      let views: Uint8Array[] | undefined;
      const makeViews = () => {
        views = new Array<Uint8Array>(total);
        for (let node = 0; node < total; node++) views[node] = nodeView(nodes, node);
      };
      if (hashLowerLevels(shared, raw, levelStarts, levelSizes, options.forProofs ? makeViews : undefined)) {
        hashLevels(nodes, levelStarts, levelSizes, CHUNK_LEVELS + 1);
        return new MerkleTree(nodes, size, views);
      }
    }
    const nodes = Buffer.allocUnsafeSlow(total * HASH_SIZE);
    writeLeafHashes(nodes);
    hashLevels(nodes, levelStarts, levelSizes, 1);
    return new MerkleTree(nodes, size);
  }

  /** The tree whose leaves are `leaves` (raw leaf data, hashed here with the leaf prefix). */
  static fromLeaves(leaves: readonly Uint8Array[], options: BuildOptions = {}): MerkleTree {
    const hashLeaves = (nodes: Buffer) => {
      // One input buffer for every leaf of the usual length (a 32-byte hash); another length gets its own.
      const input = Buffer.allocUnsafe(1 + HASH_SIZE);
      input[0] = LEAF_PREFIX;
      leaves.forEach((leaf, i) => {
        if (leaf.length === HASH_SIZE) {
          input.set(leaf, 1);
          writeSha256(nodes, i * HASH_SIZE, input);
          return;
        }
        const other = Buffer.allocUnsafe(1 + leaf.length);
        other[0] = LEAF_PREFIX;
        other.set(leaf, 1);
        writeSha256(nodes, i * HASH_SIZE, other);
      });
    };
    const rawLeaves = () => {
      if (!leaves.every((leaf) => leaf.length === HASH_SIZE)) return null;
      const raw = new SharedArrayBuffer(leaves.length * HASH_SIZE);
      const bytes = new Uint8Array(raw);
      leaves.forEach((leaf, i) => bytes.set(leaf, i * HASH_SIZE));
      return raw;
    };
    return MerkleTree.#build(leaves.length, options, hashLeaves, rawLeaves);
  }

  /** The tree whose leaf hashes (already SHA-256(0x00 || data)) are `leafHashes`. */
  static fromLeafHashes(leafHashes: readonly Uint8Array[], options: BuildOptions = {}): MerkleTree {
    leafHashes.forEach((leafHash, i) => {
      if (leafHash.length !== HASH_SIZE) throw new RangeError(`Leaf hash ${i} has ${leafHash.length} bytes, not ${HASH_SIZE}`);
    });
    return MerkleTree.#build(leafHashes.length, options, (nodes) => {
      leafHashes.forEach((leafHash, i) => nodes.set(leafHash, i * HASH_SIZE));
    });
  }

  /** Rebuilds a dumped tree; throws if the format is unknown or the leaves no longer give the dumped root. */
  static fromDump(dump: MerkleTreeDump): MerkleTree {
    if (dump.formatVersion !== formatVersion || dump.hash !== 'sha256') {
      throw new Error(`Unsupported Merkle tree dump: format ${String(dump.formatVersion)}, hash ${String(dump.hash)}`);
    }
    if (dump.leafHashes.length !== dump.treeSize) {
      throw new Error(`Merkle tree dump lists ${dump.leafHashes.length} leaf hashes for a tree of ${dump.treeSize}`);
    }
    const tree = MerkleTree.fromLeafHashes(dump.leafHashes.map(hashFromHex));
    if (toHex(tree.root) !== dump.root.replace(/^0x/, '').toLowerCase()) {
      throw new Error(`Merkle tree dump is inconsistent: its leaves give root ${toHex(tree.root)}, not ${dump.root}`);
    }
    return tree;
  }

  /** The tree head: RFC 6962 MTH of all leaves (SHA-256 of the empty string for an empty tree). */
  get root(): Uint8Array {
    if (this.size === 0) return EMPTY_TREE_ROOT.slice();
    return this.#copy(this.#levelStarts.at(-1)!);
  }

  /** The hash of leaf `index`. */
  leafHash(index: number): Uint8Array {
    this.#checkIndex(index);
    return this.#copy(index);
  }

  /**
   * Proof that leaf `index` is in this tree, computed from the stored levels in O(log n).
   * The leaf hash and path hashes are views of the tree's storage, shared with other proofs of the
   * same tree (that is what makes proving every leaf of a large batch cheap): read them, do not write
   * them. `encodeInclusionProof` turns a proof into independent hex strings.
   */
  inclusionProof(index: number): InclusionProof {
    this.#checkIndex(index);
    const levelSizes = this.#levelSizes;
    const levelStarts = this.#levelStarts;
    const path: Uint8Array[] = [];
    let node = index;
    for (let level = 0; level + 1 < levelSizes.length; level++) {
      const sibling = node % 2 === 0 ? node + 1 : node - 1;
      if (sibling < levelSizes[level]!) path.push(this.#view(levelStarts[level]! + sibling));
      node = (node - (node % 2)) / 2;
    }
    return { leafIndex: index, treeSize: this.size, leafHash: this.#view(index), path };
  }

  /** Everything needed to rebuild and check this tree later. */
  dump(): MerkleTreeDump {
    const leafHashes: string[] = [];
    for (let i = 0; i < this.size; i++) leafHashes.push(this.#nodes.toString('hex', i * HASH_SIZE, (i + 1) * HASH_SIZE));
    return { formatVersion, hash: 'sha256', treeSize: this.size, root: toHex(this.root), leafHashes };
  }

  #checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) {
      throw new RangeError(`Leaf index ${index} is outside a tree of ${this.size} leaves`);
    }
  }

  #view(node: number): Uint8Array {
    let view = this.#views[node];
    if (view === undefined) {
      view = nodeView(this.#nodes, node);
      this.#views[node] = view;
    }
    return view;
  }

  #copy(node: number): Uint8Array {
    return new Uint8Array(this.#nodes.subarray(node * HASH_SIZE, (node + 1) * HASH_SIZE));
  }
}
