// The browser's own check of a registration's Merkle proof: it hashes the leaf and walks the audit
// path to the root with Web Crypto, using the same RFC 6962 verifier as the ledger and the CLI
// (ledger/src/merkle/proof.ts, which has no Node imports). Nothing the server computed is trusted:
// the served leaf hash and root are only compared with what is recomputed here.
import { hashFromHex, leafHashInput, rootFromInclusionProofAsync, type AsyncSha256 } from '@titleledger/ledger/merkle/proof';

import { bytesToHex, strip0x } from './hex';

/** GET /api/ledger/proof/{tr} once the registration is anchored. */
export interface LedgerProof {
  readonly tr_number: string;
  readonly leaf: { readonly hash: string; readonly leafHash: string; readonly index: number };
  readonly proof: { readonly treeSize: number; readonly path: readonly string[] };
  readonly root: string;
  readonly batchId: string | number;
  readonly chainId: string | number;
  readonly contract: string;
  readonly txHash: string;
  readonly blockNumber: string | number;
  readonly blockTimestamp: string | number;
  /** A public JSON-RPC endpoint of the chain, when the operator publishes one. */
  readonly rpcUrl?: string;
}

/** SHA-256 with Web Crypto (browsers, and Node 20's globalThis.crypto). */
export const webCryptoSha256: AsyncSha256 = async (bytes) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));

export interface ProofCheck {
  /** The proof is for the hash the verifier holds (the registration's cryptographic hash). */
  readonly leafIsRegistration: boolean;
  /** SHA-256(0x00 || hash) recomputed here equals the leaf hash the server sent. */
  readonly leafHashOk: boolean;
  /** The root the audit path leads to, recomputed here; undefined when the proof is malformed. */
  readonly computedRoot: string | undefined;
  /** The recomputed root equals the proof's root. */
  readonly pathOk: boolean;
}

const sameHex = (a: string, b: string) => strip0x(a).toLowerCase() === strip0x(b).toLowerCase();

export async function checkProof(
  proof: LedgerProof,
  registrationHash: string,
  sha256: AsyncSha256 = webCryptoSha256,
): Promise<ProofCheck> {
  const leafIsRegistration = sameHex(proof.leaf.hash, registrationHash.trim());
  let leafHash: Uint8Array;
  try {
    leafHash = await sha256(leafHashInput(hashFromHex(proof.leaf.hash)));
  } catch {
    return { leafIsRegistration, leafHashOk: false, computedRoot: undefined, pathOk: false };
  }
  const leafHashOk = sameHex(bytesToHex(leafHash), proof.leaf.leafHash);
  let path: Uint8Array[];
  try {
    path = proof.proof.path.map(hashFromHex);
  } catch {
    return { leafIsRegistration, leafHashOk, computedRoot: undefined, pathOk: false };
  }
  const root = await rootFromInclusionProofAsync(
    { leafIndex: Number(proof.leaf.index), treeSize: Number(proof.proof.treeSize), leafHash, path },
    sha256,
  );
  const computedRoot = root === undefined ? undefined : bytesToHex(root);
  return { leafIsRegistration, leafHashOk, computedRoot, pathOk: computedRoot !== undefined && sameHex(computedRoot, proof.root) };
}
