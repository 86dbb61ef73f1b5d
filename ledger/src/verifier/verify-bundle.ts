// The offline verifier: every check a third party makes on a `.tr` file, in order, each with a
// name and a reason. Needs nothing from TitleLedger but the file, optionally the original work and
// the registry's published key, and any RPC of the chain the proof names.
import { createDecipheriv, createHash, verify as verifySignature, type KeyObject } from 'node:crypto';
import { AbiCoder, id as keccakId } from 'ethers';
import { hashFromHex, toHex, verifyInclusionSync, leafHashInput } from '../merkle/proof.js';
import { sha256 } from '../merkle/tree.js';
import { BUNDLE_VERSIONS, ed25519PublicKey, keyIdOf, registrationHashV1, registrationHashV2, signingBytes } from './bundle-format.js';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface VerifyOptions {
  /** The original work: its SHA-256 must equal registration.fileContentHash. */
  readonly file?: Buffer;
  /** The registry's published Ed25519 key (raw 32 bytes or a KeyObject): the signature must be its. */
  readonly registryKey?: KeyObject;
  /** JSON-RPC of the chain the proof names; by default the one the bundle names (version 2), else a local node. */
  readonly rpcUrl?: string;
  readonly timeoutMs?: number;
}

const ANCHOR_OF_SELECTOR = keccakId('anchorOf(bytes32)').slice(0, 10);
const REGISTRY_KEYS_SELECTOR = keccakId('registryKeys()').slice(0, 10);

async function rpc<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error || body.result === undefined) throw new Error(body.error?.message ?? `${method} gave no result`);
  return body.result;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Runs the checks in order and stops at the first failure (later checks would only repeat it in
 * other words). The caller prints them; all passed means every one is ok.
 */
export async function verifyTrBundle(text: string, options: VerifyOptions): Promise<Check[]> {
  const checks: Check[] = [];
  const pass = (name: string, detail: string) => (checks.push({ name, ok: true, detail }), true);
  const fail = (name: string, detail: string) => (checks.push({ name, ok: false, detail }), false);

  // 1. Format
  let bundle: Json;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) throw new Error('not a JSON object');
    bundle = parsed;
  } catch (error) {
    fail('format', `not a readable .tr file (${(error as Error).message}): truncated or not JSON`);
    return checks;
  }
  const registration = bundle.registration;
  const signature = bundle.signature;
  if (bundle.format !== 'titleledger-tr' || !BUNDLE_VERSIONS.includes(bundle.version) || !isObject(registration) || !isObject(signature) || !isObject(bundle.document)) {
    fail('format', 'not a titleledger-tr version 1 or 2 bundle (format, version, registration, document or signature missing)');
    return checks;
  }
  const chain = bundle.chain;
  if (bundle.version === 2 && (!isObject(chain) || typeof chain.rpcUrl !== 'string' || !(chain.chainId === null || Number.isSafeInteger(chain.chainId)))) {
    fail('format', 'a version 2 bundle names its chain: chain { chainId, rpcUrl } is missing or malformed');
    return checks;
  }
  if (bundle.version === 1 && registration.hashVersion !== 1) {
    fail('format', `a version 1 bundle holds hash version 1 only, not ${String(registration.hashVersion)}`);
    return checks;
  }
  pass('format', `titleledger-tr v${String(bundle.version)}, ${String(registration.trNumber)}`);

  // 2. Signature by the key the bundle names
  let bundleKey: KeyObject;
  let rawKey: Buffer;
  try {
    rawKey = Buffer.from(String(signature.publicKey), 'base64');
    bundleKey = ed25519PublicKey(rawKey);
  } catch (error) {
    fail('signature', `the bundle's public key is unusable: ${(error as Error).message}`);
    return checks;
  }
  let bytes: Buffer;
  try {
    bytes = signingBytes(bundle);
  } catch (error) {
    fail('signature', `the bundle cannot be canonically encoded (${(error as Error).message}): it was edited`);
    return checks;
  }
  const signatureValue = Buffer.from(String(signature.value), 'base64');
  if (signature.alg !== 'Ed25519' || !verifySignature(null, bytes, bundleKey, signatureValue)) {
    fail('signature', 'the Ed25519 signature does not cover this content: the file was edited after it was signed');
    return checks;
  }
  if (signature.keyId !== keyIdOf(rawKey)) {
    fail('signature', `keyId ${String(signature.keyId)} is not the id of the bundle's key (${keyIdOf(rawKey)})`);
    return checks;
  }
  pass('signature', `valid Ed25519 signature by key ${keyIdOf(rawKey)}`);

  // 3. The registry's own key
  if (options.registryKey) {
    if (!verifySignature(null, bytes, options.registryKey, signatureValue)) {
      fail('registry key', `signed by key ${keyIdOf(rawKey)}, not by the registry's key: re-signed by someone else`);
      return checks;
    }
    pass('registry key', "signed by the registry's published key");
  }

  // 4. The original work
  if (options.file) {
    const fileHash = createHash('sha256').update(options.file).digest('hex');
    if (fileHash !== registration.fileContentHash) {
      fail('file hash', `SHA-256 of the file is ${fileHash}, the registration says ${String(registration.fileContentHash)}: a different file`);
      return checks;
    }
    pass('file hash', `SHA-256 of the file matches file_content_hash ${fileHash}`);
  }
  const document = bundle.document;
  if (typeof document.key === 'string') {
    try {
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(document.key, 'base64'), Buffer.from(String(document.iv), 'base64'));
      decipher.setAAD(Buffer.from(`titleledger-tr-document:${String(registration.trNumber)}:${String(registration.fileContentHash)}`));
      decipher.setAuthTag(Buffer.from(String(document.tag), 'base64'));
      const plaintext = Buffer.concat([decipher.update(Buffer.from(String(document.ciphertext), 'base64')), decipher.final()]);
      const hash = createHash('sha256').update(plaintext).digest('hex');
      if (hash !== registration.fileContentHash) {
        fail('document', `the enclosed work hashes to ${hash}, not file_content_hash`);
        return checks;
      }
      pass('document', 'the enclosed work decrypts and matches file_content_hash');
    } catch {
      fail('document', 'the enclosed work does not decrypt with its key');
      return checks;
    }
  }

  // 5. The registration hash
  let recomputed: string;
  try {
    if (registration.hashVersion === 1) recomputed = registrationHashV1(registration);
    else if (registration.hashVersion === 2) recomputed = registrationHashV2(registration);
    else throw new Error(`unknown hashVersion ${String(registration.hashVersion)}`);
  } catch (error) {
    fail('cryptographic hash', (error as Error).message);
    return checks;
  }
  if (recomputed !== registration.cryptographicHash) {
    fail('cryptographic hash', `recomputed ${recomputed}, the registration says ${String(registration.cryptographicHash)}`);
    return checks;
  }
  pass(
    'cryptographic hash',
    registration.hashVersion === 2
      ? `the commitment opens: every field with the salt gives ${recomputed}`
      : `recomputed from the registration (version 1: name, description and file details are signed, not anchored): ${recomputed}`,
  );

  // 6. The Merkle proof
  const proof = bundle.proof;
  if (!isObject(proof)) {
    fail('merkle proof', 'the file carries no proof: it was downloaded while the registration was pending; download it again once anchored');
    return checks;
  }
  const leaf = proof.leaf as Json | undefined;
  const anchor = proof.anchor as Json | undefined;
  if (proof.version !== 1 || proof.hash !== 'sha256' || !isObject(leaf) || !isObject(anchor) || !Array.isArray(proof.path)) {
    fail('merkle proof', 'unknown proof format (expected version 1, sha256, leaf, path, anchor)');
    return checks;
  }
  if (leaf.data !== registration.cryptographicHash) {
    fail('merkle proof', `the proof is for leaf ${String(leaf.data)}, not this registration's hash`);
    return checks;
  }
  let root: Uint8Array;
  try {
    const leafHash = sha256(leafHashInput(hashFromHex(String(leaf.data))));
    if (`0x${toHex(leafHash)}` !== leaf.hash) throw new Error(`leaf hash ${String(leaf.hash)} is not SHA-256(0x00 || hash)`);
    root = hashFromHex(String(proof.root));
    const ok = verifyInclusionSync(
      { leafIndex: Number(leaf.index), treeSize: Number(proof.treeSize), leafHash, path: (proof.path as unknown[]).map((p) => hashFromHex(String(p))) },
      root,
      sha256,
    );
    if (!ok) throw new Error(`the audit path from leaf ${String(leaf.index)} of ${String(proof.treeSize)} does not lead to root ${String(proof.root)}`);
  } catch (error) {
    fail('merkle proof', (error as Error).message);
    return checks;
  }
  pass('merkle proof', `leaf ${String(leaf.index)} of ${String(proof.treeSize)} → root 0x${toHex(root)}`);

  // 7. The chain
  if (isObject(chain) && chain.chainId !== null && chain.chainId !== anchor.chainId) {
    fail('chain id', `the bundle names chain ${JSON.stringify(chain.chainId)} but its proof is anchored on chain ${String(anchor.chainId)}`);
    return checks;
  }
  const rpcUrl = options.rpcUrl ?? (isObject(chain) && typeof chain.rpcUrl === 'string' ? chain.rpcUrl : 'http://127.0.0.1:8545');
  const timeoutMs = options.timeoutMs ?? 10_000;
  let chainId: number;
  try {
    chainId = Number(BigInt(await rpc<string>(rpcUrl, 'eth_chainId', [], timeoutMs)));
  } catch (error) {
    fail('chain id', `cannot reach ${rpcUrl}: ${(error as Error).message}`);
    return checks;
  }
  if (chainId !== anchor.chainId) {
    fail('chain id', `the RPC serves chain ${chainId}, the proof is anchored on chain ${String(anchor.chainId)}`);
    return checks;
  }
  pass('chain id', `chain ${chainId} at ${rpcUrl}`);
  let onChain: bigint[];
  try {
    const data = ANCHOR_OF_SELECTOR + toHex(root);
    const result = await rpc<string>(rpcUrl, 'eth_call', [{ to: String(anchor.contract), data }, 'latest'], timeoutMs);
    onChain = AbiCoder.defaultAbiCoder().decode(['uint64', 'uint64', 'uint64', 'uint64'], result).toArray() as bigint[];
  } catch (error) {
    fail('root on chain', `anchorOf(root) failed on ${String(anchor.contract)}: ${(error as Error).message}`);
    return checks;
  }
  const [batchId, leafCount, timestamp, blockNumber] = onChain as [bigint, bigint, bigint, bigint];
  if (timestamp === 0n) {
    fail('root on chain', `contract ${String(anchor.contract)} on chain ${chainId} has no anchor for root 0x${toHex(root)}`);
    return checks;
  }
  const expected = { batchId: proof.batchId, leafCount: proof.treeSize, blockNumber: anchor.blockNumber, timestamp: anchor.blockTimestamp };
  const actual = { batchId: Number(batchId), leafCount: Number(leafCount), blockNumber: Number(blockNumber), timestamp: Number(timestamp) };
  const differs = (Object.keys(expected) as (keyof typeof expected)[]).filter((k) => expected[k] !== actual[k]);
  if (differs.length > 0) {
    fail('root on chain', `the chain records ${differs.map((k) => `${k} ${actual[k]}`).join(', ')}; the proof says ${differs.map((k) => `${k} ${String(expected[k])}`).join(', ')}`);
    return checks;
  }
  pass('root on chain', `anchored as batch ${batchId} of ${leafCount} leaves in block ${blockNumber} at ${new Date(Number(timestamp) * 1000).toISOString()}`);

  // 8. The signing key bound by the same registry: a bundle re-signed by anyone else fails here,
  // without trusting the key our server publishes.
  let keys: { fingerprint: string; validFrom: number }[];
  try {
    const result = await rpc<string>(rpcUrl, 'eth_call', [{ to: String(anchor.contract), data: REGISTRY_KEYS_SELECTOR }, 'latest'], timeoutMs);
    const [decoded] = AbiCoder.defaultAbiCoder().decode(['tuple(bytes32 fingerprint, uint64 validFrom, uint64 blockNumber)[]'], result).toArray() as [
      { fingerprint: string; validFrom: bigint }[],
    ];
    keys = decoded.map((k) => ({ fingerprint: k.fingerprint.toLowerCase(), validFrom: Number(k.validFrom) }));
  } catch (error) {
    fail('registry key on chain', `registryKeys() failed on ${String(anchor.contract)}: ${(error as Error).message}`);
    return checks;
  }
  const fingerprint = `0x${createHash('sha256').update(rawKey).digest('hex')}`;
  const index = keys.findIndex((k) => k.fingerprint === fingerprint);
  if (index < 0) {
    fail('registry key on chain', `the bundle is signed by key ${fingerprint}, which the registry at ${String(anchor.contract)} never bound: not the registry's key`);
    return checks;
  }
  const until = keys[index + 1] ? ` until ${new Date(keys[index + 1]!.validFrom * 1000).toISOString()} (rotated since)` : ' (current)';
  pass('registry key on chain', `signed by registry key ${index}, bound on chain from ${new Date(keys[index]!.validFrom * 1000).toISOString()}${until}`);
  return checks;
}
