// RFC 6962 / RFC 9162 Merkle hashing, inclusion proofs and their verification. No I/O and no
// node: imports: the verify page runs this same code with Web Crypto, the CLI, the ledger and the
// event log's transparency tree with node:crypto, so every caller passes its own SHA-256.

/** Version of every serialized Merkle structure (proofs and tree dumps). Bump on any change of shape or hashing. */
export const formatVersion = 1;

/** Size in bytes of every hash in a tree (SHA-256). */
export const HASH_SIZE = 32;

/** Leaves and inner nodes are hashed with different one-byte prefixes (RFC 6962 §2.1), so no leaf can pose as a subtree. */
export const LEAF_PREFIX = 0x00;
export const NODE_PREFIX = 0x01;

export type Sha256 = (bytes: Uint8Array) => Uint8Array;
export type AsyncSha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/**
 * Proof that the leaf at `leafIndex` is in the tree of `treeSize` leaves: the sibling hashes from the
 * leaf up to the root (RFC 9162 §2.1.3.1 audit path, bottom-up).
 */
export interface InclusionProof {
  readonly leafIndex: number;
  readonly treeSize: number;
  readonly leafHash: Uint8Array;
  readonly path: readonly Uint8Array[];
}

/** An {@link InclusionProof} as stored and exchanged: hashes in lowercase hex. */
export interface InclusionProofJson {
  readonly formatVersion: typeof formatVersion;
  readonly leafIndex: number;
  readonly treeSize: number;
  readonly leafHash: string;
  readonly path: readonly string[];
}

/** The bytes hashed for a leaf: 0x00 || data. */
export function leafHashInput(data: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + data.length);
  input[0] = LEAF_PREFIX;
  input.set(data, 1);
  return input;
}

/** The bytes hashed for an inner node: 0x01 || left || right. */
export function nodeHashInput(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return input;
}

/**
 * For each hash of an audit path, whether it is the left sibling (`true`) or the right one, per the
 * RFC 9162 §2.1.3.2 verification algorithm; `undefined` if no tree of `treeSize` leaves has a path of
 * `pathLength` hashes for `leafIndex`. Pure index arithmetic, shared by the sync and async verifiers.
 */
export function auditPathSides(leafIndex: number, treeSize: number, pathLength: number): boolean[] | undefined {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) {
    return undefined;
  }
  // Numbers, not 32-bit bitwise operators: tree sizes are not bounded by 2^31.
  let fn = leafIndex;
  let sn = treeSize - 1;
  const sides: boolean[] = [];
  for (let i = 0; i < pathLength; i++) {
    if (sn === 0) return undefined;
    if (fn % 2 === 1 || fn === sn) {
      sides.push(true);
      // A last node with no right sibling is promoted: skip the levels where it stays alone.
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      sides.push(false);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? sides : undefined;
}

/** The root an inclusion proof leads to, or `undefined` if the proof is malformed for its index and size. */
export function rootFromInclusionProof(proof: InclusionProof, sha256: Sha256): Uint8Array | undefined {
  const sides = checkedSides(proof);
  if (sides === undefined) return undefined;
  let hash = proof.leafHash;
  proof.path.forEach((sibling, i) => {
    hash = sha256(sides[i] ? nodeHashInput(sibling, hash) : nodeHashInput(hash, sibling));
  });
  return hash;
}

/** As {@link rootFromInclusionProof}, with a SHA-256 that may be async (Web Crypto's `crypto.subtle.digest`). */
export async function rootFromInclusionProofAsync(
  proof: InclusionProof,
  sha256: AsyncSha256,
): Promise<Uint8Array | undefined> {
  const sides = checkedSides(proof);
  if (sides === undefined) return undefined;
  let hash = proof.leafHash;
  for (const [i, sibling] of proof.path.entries()) {
    hash = await sha256(sides[i] ? nodeHashInput(sibling, hash) : nodeHashInput(hash, sibling));
  }
  return hash;
}

/** Whether `proof` shows its leaf hash is in the tree whose root is `root`. */
export function verifyInclusionSync(proof: InclusionProof, root: Uint8Array, sha256: Sha256): boolean {
  const computed = rootFromInclusionProof(proof, sha256);
  return computed !== undefined && bytesEqual(computed, root);
}

/** Whether `proof` shows its leaf hash is in the tree whose root is `root`; `sha256` may be sync or async. */
export async function verifyInclusion(proof: InclusionProof, root: Uint8Array, sha256: AsyncSha256): Promise<boolean> {
  const computed = await rootFromInclusionProofAsync(proof, sha256);
  return computed !== undefined && bytesEqual(computed, root);
}

export function encodeInclusionProof(proof: InclusionProof): InclusionProofJson {
  return {
    formatVersion,
    leafIndex: proof.leafIndex,
    treeSize: proof.treeSize,
    leafHash: toHex(proof.leafHash),
    path: proof.path.map(toHex),
  };
}

/** Reads a stored proof; throws on an unknown format version or a malformed hash. */
export function decodeInclusionProof(json: InclusionProofJson): InclusionProof {
  if (json.formatVersion !== formatVersion) {
    throw new Error(`Unsupported Merkle proof format version ${String(json.formatVersion)} (expected ${String(formatVersion)})`);
  }
  return {
    leafIndex: json.leafIndex,
    treeSize: json.treeSize,
    leafHash: hashFromHex(json.leafHash),
    path: json.path.map(hashFromHex),
  };
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX_PAIRS[bytes[i]!]!;
  return hex;
}

/** Each byte's two hex digits, looked up rather than formatted (a proof of 100,000 leaves formats ~1.7 million hashes). */
const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Parses a 32-byte hash written as 64 hex digits, with or without a 0x prefix. */
export function hashFromHex(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) {
    throw new Error(`Not a ${HASH_SIZE}-byte hex hash: ${JSON.stringify(hex)}`);
  }
  const bytes = new Uint8Array(HASH_SIZE);
  for (let i = 0; i < HASH_SIZE; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function checkedSides(proof: InclusionProof): boolean[] | undefined {
  if (proof.leafHash.length !== HASH_SIZE || proof.path.some((hash) => hash.length !== HASH_SIZE)) return undefined;
  return auditPathSides(proof.leafIndex, proof.treeSize, proof.path.length);
}
