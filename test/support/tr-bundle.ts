// A forger's tools for the verifier tests: a `.tr` bundle re-signed with a fresh Ed25519 key of its
// own (self-consistent, but not the registry's), and a whole forgery naming its own chain and registry.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { registrationHashPreimage, signingBytes } from '../../ledger/src/verifier/bundle-format.js';

export function resign(bundle: Record<string, any>): Record<string, any> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return { ...bundle, signature: { alg: 'Ed25519', keyId, publicKey: raw.toString('base64'), value: sign(null, signingBytes(bundle), privateKey).toString('base64') } };
}

/** The fingerprint a registry lists for a bundle's signing key: SHA-256 of the raw key, 64 hex. */
export function signingKeyFingerprint(bundle: Record<string, any>): string {
  return createHash('sha256').update(Buffer.from(String(bundle.signature.publicKey), 'base64')).digest('hex');
}

/** The anchor a forged bundle claims, for the forger's RPC to confirm. */
export const FORGED_ANCHOR = { batchId: 7, leafCount: 1, timestamp: 1_700_000_000, blockNumber: 100 } as const;

/**
 * A forgery as QA report 38 made it: another registrant and title, the commitment recomputed with the
 * same salt, a one-leaf "batch" anchored in a contract of the forger's own on the chain it names,
 * `chain.rpcUrl` an RPC the forger runs, and re-signed with the forger's key. Self-consistent
 * throughout: only a pin the verifier chose can tell it from ours.
 */
export function forge(bundle: Record<string, any>, where: { rpcUrl: string; contract: string; chainId: number }): Record<string, any> {
  const registration = { ...bundle.registration, registrantName: 'Mallory Forger', title: 'Ode to the Compiler (by Mallory)' };
  registration.cryptographicHash = createHash('sha256').update(registrationHashPreimage(registration)).digest('hex');
  const leafHash = `0x${createHash('sha256').update(Buffer.concat([Buffer.from([0]), Buffer.from(registration.cryptographicHash, 'hex')])).digest('hex')}`;
  return resign({
    ...bundle,
    registration,
    chain: { chainId: where.chainId, rpcUrl: where.rpcUrl },
    proof: {
      version: 1,
      hash: 'sha256',
      tree: 'rfc6962',
      leaf: { data: registration.cryptographicHash, hash: leafHash, index: 0 },
      treeSize: 1,
      path: [],
      root: leafHash,
      batchId: FORGED_ANCHOR.batchId,
      anchor: { chainId: where.chainId, contract: where.contract, txHash: `0x${'cd'.repeat(32)}`, blockNumber: FORGED_ANCHOR.blockNumber, blockTimestamp: FORGED_ANCHOR.timestamp },
    },
  });
}
