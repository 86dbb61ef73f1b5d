// The registry's two read calls as raw JSON-RPC `eth_call` data, encoded by hand (a 4-byte selector
// and 32-byte ABI words) so a browser needs no Ethereum library: anchorOf(bytes32 root), which says
// when and how a root was anchored, and registryKeys(), the signing keys the registry bound. Shared by
// the `.tr` verifier (verify-bundle.ts) and the verify page's proof panel; unit tests check both
// against ethers' ABI coder.

/** keccak-256("anchorOf(bytes32)")[0..4]. */
export const ANCHOR_OF_SELECTOR = '0xcf4ff901';
/** keccak-256("registryKeys()")[0..4]. */
export const REGISTRY_KEYS_SELECTOR = '0x093e2f71';

/** What anchorOf returns; all zero when the root was never anchored. */
export interface AnchorOnChain {
  readonly batchId: bigint;
  readonly leafCount: bigint;
  readonly timestamp: bigint;
  readonly blockNumber: bigint;
}

/** A key the registry bound: SHA-256 of its raw public key (0x and 64 hex digits) and when. */
export interface RegistryKeyOnChain {
  readonly fingerprint: string;
  /** Unix seconds. */
  readonly validFrom: number;
}

/** The 32-byte words of an ABI-encoded answer, as unsigned integers. */
export function abiWords(hex: string): bigint[] {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (digits.length % 64 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) throw new Error(`not an ABI-encoded answer: ${hex.slice(0, 20)}…`);
  return Array.from({ length: digits.length / 64 }, (_, i) => BigInt(`0x${digits.slice(64 * i, 64 * (i + 1))}`));
}

/** anchorOf's call data for a root given as 64 hex digits (with or without 0x, either case). */
export function anchorOfCallData(root: string): string {
  const digits = root.startsWith('0x') || root.startsWith('0X') ? root.slice(2) : root;
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) throw new Error(`Not a 32-byte root: ${JSON.stringify(root)}`);
  return `${ANCHOR_OF_SELECTOR}${digits.toLowerCase()}`;
}

/** Reads anchorOf's four words; throws when the answer is shorter (no contract at that address). */
export function decodeAnchorOf(hex: string): AnchorOnChain {
  const words = abiWords(hex);
  if (words.length < 4) throw new Error('The contract returned no anchor record (is the contract address right for this chain?)');
  const [batchId, leafCount, timestamp, blockNumber] = words as [bigint, bigint, bigint, bigint];
  return { batchId, leafCount, timestamp, blockNumber };
}

/** Reads registryKeys()'s answer: a dynamic array of (bytes32 fingerprint, uint64 validFrom, uint64 block). */
export function decodeRegistryKeys(hex: string): RegistryKeyOnChain[] {
  const words = abiWords(hex);
  const count = Number(words[1] ?? 0n);
  if (words[0] !== 32n || words.length !== 2 + 3 * count) throw new Error('not a list of registry keys');
  return Array.from({ length: count }, (_, k) => ({ fingerprint: `0x${words[2 + 3 * k]!.toString(16).padStart(64, '0')}`, validFrom: Number(words[3 + 3 * k]!) }));
}
