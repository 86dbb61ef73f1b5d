// A forger's tool for the verifier tests: a `.tr` bundle re-signed with a fresh Ed25519 key of its
// own. Self-consistent (its signature verifies against the key it carries), but not the registry's.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { signingBytes } from '../../ledger/src/verifier/bundle-format.js';

export function resign(bundle: Record<string, any>): Record<string, any> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return { ...bundle, signature: { alg: 'Ed25519', keyId, publicKey: raw.toString('base64'), value: sign(null, signingBytes(bundle), privateKey).toString('base64') } };
}
