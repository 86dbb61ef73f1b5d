// The offline verifier: every check a third party makes on a `.tr` file, in order, each with a
// name and a reason, and the verdict they add up to. Needs nothing from TitleLedger but the file,
// optionally the original work, and the pins that tie the file to TitleLedger (the registry's key, or
// its contract read over an RPC the verifier chose): without a pin the checks only show the file is
// consistent, since a forger names their own RPC and contract. Web Crypto and fetch only:
// `npm run verify` (cli.ts) and the verify page run this same code.
import { hashFromHex, leafHashInput, leavesOf, toHex, verifyInclusion } from '../merkle/proof.js';
import { BUNDLE_VERSIONS, registrationHashPreimage, signingBytes } from './bundle-format.js';
import { REGISTRY_KEYS_SELECTOR, anchorOfCallData, decodeAnchorOf, decodeRegistryKeys, type AnchorOnChain, type RegistryKeyOnChain } from './registry-calls.js';

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  /**
   * On 'registry key on chain': the key was rotated since and the registration is hash version 1,
   * whose name, description and file details rest on the signature alone: a leaked old key could
   * rewrite them, so the contract pin does not vouch for them (verdictOf).
   */
  readonly unanchoredFieldsOnRetiredKey?: boolean;
}

export interface VerifyOptions {
  /** The original work: its SHA-256 must equal registration.fileContentHash. */
  readonly file?: Uint8Array;
  /** The registry's published Ed25519 key, raw 32 bytes: the signature must be its. */
  readonly registryKey?: Uint8Array;
  /**
   * TitleLedger's AnchorRegistry on the proof's chain, as the verifier knows it (0x + 40 hex): the
   * proof must be anchored there, and the root and the signing key are read from it.
   */
  readonly contract?: string;
  /** JSON-RPC of the chain the proof names, chosen by the verifier; by default the one the bundle names (version 2), else a local node. */
  readonly rpcUrl?: string;
  readonly timeoutMs?: number;
}

async function rpc(url: string, method: string, params: unknown[], timeoutMs: number): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error || typeof body.result !== 'string') throw new Error(body.error?.message ?? `${method} gave no result`);
  return body.result;
}

const bytesOf = (data: Uint8Array) => data as Uint8Array<ArrayBuffer>;
const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(data)));
const utf8 = (text: string) => new TextEncoder().encode(text);

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `a` then `b` in one buffer (a work of 25 MB is too large to spread into an array). */
function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

type Json = Record<string, unknown>;

/**
 * Why a file is not a `.tr` file, in words a person holding the wrong file can act on: a PDF is most
 * likely the certificate, which is checked by its TR number and hash; anything else is another kind
 * of file or one cut short. The parser's own words come last, for whoever wants them.
 */
function notJsonReason(text: string, error: Error): string {
  if (text.startsWith('%PDF-')) return 'this is a PDF (perhaps the certificate), not a .tr proof file: a certificate is checked by its TR number and cryptographic hash';
  if (text.trim() === '') return 'the file is empty: not a .tr proof file';
  return `not a .tr proof file: a .tr file is JSON text, and this is another kind of file or one cut short (${error.message.slice(0, 80)})`;
}
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text as a JSON object, or why it is not one (the parser's error, or a value that is no object). */
function parseJsonObject(text: string): Json | Error {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : new Error('not a JSON object');
  } catch (error) {
    return error as Error;
  }
}

/** The checks in the order they are made; `pass` and `fail` record one and say whether it held. */
function checkList() {
  const checks: Check[] = [];
  return {
    checks,
    pass: (name: string, detail: string) => (checks.push({ name, ok: true, detail }), true),
    fail: (name: string, detail: string) => (checks.push({ name, ok: false, detail }), false),
  };
}

/**
 * Runs the checks in order and stops at the first failure (later checks would only repeat it in
 * other words). The caller prints them; all passed means every one is ok.
 */
export async function verifyTrBundle(text: string, options: VerifyOptions): Promise<Check[]> {
  const { checks, pass, fail } = checkList();

  // 1. Format
  const bundle = parseJsonObject(text);
  if (bundle instanceof Error) {
    fail('format', notJsonReason(text, bundle));
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
  let rawKey: Uint8Array;
  let bundleKey: Awaited<ReturnType<typeof crypto.subtle.importKey>>;
  try {
    rawKey = fromBase64(String(signature.publicKey));
    if (rawKey.length !== 32) throw new Error(`an Ed25519 public key has 32 bytes, not ${rawKey.length}`);
  } catch (error) {
    fail('signature', `the bundle's public key is unusable: ${(error as Error).message}`);
    return checks;
  }
  try {
    bundleKey = await crypto.subtle.importKey('raw', bytesOf(rawKey), { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    fail('signature', `this runtime cannot check Ed25519 signatures (${(error as Error).message}): use a current browser or npm run verify`);
    return checks;
  }
  let bytes: Uint8Array;
  try {
    bytes = signingBytes(bundle);
  } catch (error) {
    fail('signature', `the bundle cannot be canonically encoded (${(error as Error).message}): it was edited`);
    return checks;
  }
  let signed = false;
  try {
    signed = signature.alg === 'Ed25519' && (await crypto.subtle.verify({ name: 'Ed25519' }, bundleKey, bytesOf(fromBase64(String(signature.value))), bytesOf(bytes)));
  } catch {
    signed = false;
  }
  if (!signed) {
    fail('signature', 'the Ed25519 signature does not cover this content: the file was edited after it was signed');
    return checks;
  }
  const fingerprint = toHex(await sha256(rawKey));
  const keyId = fingerprint.slice(0, 16);
  if (signature.keyId !== keyId) {
    fail('signature', `keyId ${String(signature.keyId)} is not the id of the bundle's key (${keyId})`);
    return checks;
  }
  pass('signature', `valid Ed25519 signature by key ${keyId}`);

  // 3. The registry's own key
  if (options.registryKey) {
    if (!sameBytes(options.registryKey, rawKey)) {
      fail('registry key', `signed by key ${keyId}, not by the registry's key: re-signed by someone else`);
      return checks;
    }
    pass('registry key', `signed by the registry key you pinned, ${keyId}`);
  }

  // 4. The original work
  if (options.file) {
    const fileHash = toHex(await sha256(options.file));
    if (fileHash !== registration.fileContentHash) {
      fail('file hash', `SHA-256 of the file is ${fileHash}, the registration says ${String(registration.fileContentHash)}: a different file`);
      return checks;
    }
    pass('file hash', `SHA-256 of the file matches file_content_hash ${fileHash}`);
  }
  const document = bundle.document;
  if (typeof document.key === 'string') {
    let plaintext: Uint8Array;
    try {
      const key = await crypto.subtle.importKey('raw', bytesOf(fromBase64(document.key)), { name: 'AES-GCM' }, false, ['decrypt']);
      const sealed = concat(fromBase64(String(document.ciphertext)), fromBase64(String(document.tag)));
      const additionalData = utf8(`titleledger-tr-document:${String(registration.trNumber)}:${String(registration.fileContentHash)}`);
      plaintext = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytesOf(fromBase64(String(document.iv))), additionalData, tagLength: 128 }, key, bytesOf(sealed)));
    } catch {
      fail('document', 'the enclosed work does not decrypt with its key');
      return checks;
    }
    const hash = toHex(await sha256(plaintext));
    if (hash !== registration.fileContentHash) {
      fail('document', `the enclosed work hashes to ${hash}, not file_content_hash`);
      return checks;
    }
    pass('document', 'the enclosed work decrypts and matches file_content_hash');
  }

  // 5. The registration hash
  let recomputed: string;
  try {
    recomputed = toHex(await sha256(utf8(registrationHashPreimage(registration))));
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
    fail('merkle proof', 'the file carries no proof: it was downloaded while the registration was pending (its owner can download it again once anchored, with the proof)');
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
  const anchored = await checkPathAndAnchor(
    {
      leaf: { data: String(leaf.data), hash: leaf.hash, index: leaf.index },
      treeSize: proof.treeSize,
      path: proof.path as unknown[],
      root: proof.root,
      batchId: proof.batchId,
      anchor: { chainId: anchor.chainId, contract: anchor.contract, blockNumber: anchor.blockNumber, blockTimestamp: anchor.blockTimestamp },
    },
    options,
    {
      namedChainId: isObject(chain) ? chain.chainId : null,
      namedRpcUrl: isObject(chain) && typeof chain.rpcUrl === 'string' ? chain.rpcUrl : undefined,
      by: 'the file',
      pass,
      fail,
    },
  );
  if (!anchored) return checks;
  const { contract, contractFrom, rpcUrl, timeoutMs } = anchored;

  // 8. The signing key bound by the same registry: a bundle re-signed by anyone else fails here,
  // without trusting the key our server publishes, as long as the registry is TitleLedger's (pinned,
  // and read over an RPC the verifier chose): a forger's file names a registry that bound the forger's key.
  let keys: RegistryKeyOnChain[];
  try {
    keys = decodeRegistryKeys(await rpc(rpcUrl, 'eth_call', [{ to: contract, data: REGISTRY_KEYS_SELECTOR }, 'latest'], timeoutMs));
  } catch (error) {
    fail('registry key on chain', `registryKeys() failed on ${contract}: ${(error as Error).message}`);
    return checks;
  }
  const index = keys.findIndex((k) => k.fingerprint === `0x${fingerprint}`);
  if (index < 0) {
    fail('registry key on chain', `the bundle is signed by key 0x${fingerprint}, which the registry at ${contract} never bound: not the registry's key`);
    return checks;
  }
  const rotated = index + 1 < keys.length;
  const until = rotated ? ` until ${new Date(keys[index + 1]!.validFrom * 1000).toISOString()} (rotated since)` : ' (current)';
  checks.push({
    name: 'registry key on chain',
    ok: true,
    detail: `signed by registry key ${index} of the registry at ${contract} (${contractFrom}), bound on chain from ${new Date(keys[index]!.validFrom * 1000).toISOString()}${until}`,
    ...(rotated && registration.hashVersion !== 2 ? { unanchoredFieldsOnRetiredKey: true } : {}),
  });
  return checks;
}

const HEX_HASH = /^(?:0x)?[0-9a-f]{64}$/i;

/**
 * A certificate without its `.tr` file (docs/proof-format.md, "A certificate without its `.tr` file"):
 * the public proof of a TR number, `GET /api/ledger/proof/{tr}` saved as a file, checked against the
 * cryptographic hash the verifier holds (the certificate's). The same path and chain checks as a
 * `.tr` file's, without the signature and the registration, which only the file holds: they prove the
 * hash was anchored at the block's time, not the name or title printed beside it.
 */
export async function verifyLedgerProof(text: string, hash: string, options: Pick<VerifyOptions, 'contract' | 'rpcUrl' | 'timeoutMs'>): Promise<Check[]> {
  const { checks, pass, fail } = checkList();
  const proof = parseJsonObject(text);
  if (proof instanceof Error) {
    const reason = text.trim().startsWith('{') || text.trim() === '' ? proof.message : 'JSON text is expected';
    fail('format', `not a saved GET /api/ledger/proof/{TR number} answer (${reason.slice(0, 80)})`);
    return checks;
  }
  const leaf = proof.leaf;
  const tree = proof.proof;
  if (proof.status === 'pending') {
    fail('format', `${String(proof.tr_number)} is pending: its batch is not anchored yet, so it has no proof. Save the answer again once it is anchored`);
    return checks;
  }
  if (proof.status !== 'anchored' || !isObject(leaf) || !isObject(tree) || !Array.isArray(tree.path) || typeof leaf.hash !== 'string') {
    fail('format', 'not a saved GET /api/ledger/proof/{TR number} answer (status anchored, leaf, proof { treeSize, path }, root, chainId, contract)');
    return checks;
  }
  pass('format', `the proof of ${String(proof.tr_number)}`);
  if (!HEX_HASH.test(hash.trim())) {
    fail('hash', `--hash must be the cryptographic hash, 64 hex digits, not ${JSON.stringify(hash)}`);
    return checks;
  }
  const yours = hash.trim().replace(/^0x/i, '').toLowerCase();
  if (leaf.hash.replace(/^0x/i, '').toLowerCase() !== yours) {
    fail('hash', `the proof is for hash ${leaf.hash}, not the one you hold (${yours})`);
    return checks;
  }
  pass('hash', `the proof is for the hash you hold, ${yours}`);
  await checkPathAndAnchor(
    {
      leaf: { data: leaf.hash, hash: leaf.leafHash, index: leaf.index },
      treeSize: tree.treeSize,
      path: tree.path as unknown[],
      root: proof.root,
      batchId: proof.batchId,
      anchor: { chainId: proof.chainId, contract: proof.contract, blockNumber: proof.blockNumber, blockTimestamp: proof.blockTimestamp },
    },
    options,
    { namedChainId: null, namedRpcUrl: typeof proof.rpcUrl === 'string' ? proof.rpcUrl : undefined, by: 'the proof', pass, fail },
  );
  return checks;
}

/** A proof's verdict: nothing is signed, so only the registry contract the verifier pinned, read over an RPC they chose, ties it to TitleLedger. */
export function verdictOfProof(checks: readonly Check[], options: Pick<VerifyOptions, 'contract' | 'rpcUrl'>): Verdict {
  const failed = checks.find((c) => !c.ok);
  if (failed) return { status: 'failed', failed };
  if (options.contract !== undefined && options.rpcUrl !== undefined && checks.some((c) => c.ok && c.name === 'registry contract')) {
    return { status: 'verified', pinnedBy: ['registry contract'] };
  }
  return {
    status: 'not tied',
    reason:
      options.contract === undefined
        ? "the proof's RPC and registry contract came from the proof itself"
        : 'the registry contract was pinned but read over the RPC the proof names, which can answer anything for any contract',
  };
}

/** A registration's Merkle proof and its anchor, as a `.tr` file's proof member and GET /api/ledger/proof give them. */
interface AnchoredProof {
  /** The leaf's data: the registration's cryptographic hash, checked against the registration before this. */
  readonly leaf: { readonly data: string; readonly hash: unknown; readonly index: unknown };
  readonly treeSize: unknown;
  readonly path: readonly unknown[];
  readonly root: unknown;
  readonly batchId: unknown;
  readonly anchor: { readonly chainId: unknown; readonly contract: unknown; readonly blockNumber: unknown; readonly blockTimestamp: unknown };
}

/** Where the proof came from, and how its checks are recorded. */
interface ProofSource {
  /** The chain the proof's holder names beside it (a `.tr` file's chain.chainId), which must be the anchor's. */
  readonly namedChainId: unknown;
  /** The RPC it names, used when the verifier gives none. */
  readonly namedRpcUrl: string | undefined;
  /** What named them, in the checks' words: 'the file', 'the proof'. */
  readonly by: string;
  readonly pass: (name: string, detail: string) => boolean;
  readonly fail: (name: string, detail: string) => boolean;
}

/**
 * The path from the leaf leads to the root, and the root is anchored on the chain, in the contract,
 * batch and block the proof says (checks 'merkle proof', 'chain id', 'registry contract' when pinned,
 * 'root on chain'). Gives the chain it read and where from, or null once a check failed.
 */
async function checkPathAndAnchor(proof: AnchoredProof, options: VerifyOptions, source: ProofSource) {
  const { leaf, anchor } = proof;
  const { pass, fail } = source;
  let root: Uint8Array;
  try {
    const leafHash = await sha256(leafHashInput(hashFromHex(leaf.data)));
    if (`0x${toHex(leafHash)}` !== leaf.hash) throw new Error(`leaf hash ${String(leaf.hash)} is not SHA-256(0x00 || hash)`);
    root = hashFromHex(String(proof.root));
    const ok = await verifyInclusion(
      { leafIndex: Number(leaf.index), treeSize: Number(proof.treeSize), leafHash, path: proof.path.map((p) => hashFromHex(String(p))) },
      root,
      sha256,
    );
    if (!ok) throw new Error(`the audit path from leaf index ${String(leaf.index)} of ${leavesOf(proof.treeSize)} does not lead to root ${String(proof.root)}`);
  } catch (error) {
    fail('merkle proof', (error as Error).message);
    return null;
  }
  pass('merkle proof', `leaf index ${String(leaf.index)} of ${leavesOf(proof.treeSize)} → root 0x${toHex(root)}`);

  // The chain
  if (source.namedChainId !== null && source.namedChainId !== undefined && source.namedChainId !== anchor.chainId) {
    fail('chain id', `the bundle names chain ${JSON.stringify(source.namedChainId)} but its proof is anchored on chain ${String(anchor.chainId)}`);
    return null;
  }
  // The pinned registry first: a proof anchored in any other contract is not TitleLedger's, whatever
  // that contract says about it.
  if (options.contract !== undefined) {
    if (String(anchor.contract).toLowerCase() !== options.contract.toLowerCase()) {
      fail('registry contract', `the proof is anchored in contract ${String(anchor.contract)} (named by ${source.by}), not in the registry you pinned, ${options.contract}`);
      return null;
    }
    pass('registry contract', `the proof is anchored in the pinned registry ${options.contract}`);
  }
  const contract = options.contract ?? String(anchor.contract);
  const contractFrom = options.contract !== undefined ? 'pinned by the verifier' : `named by ${source.by}`;
  const rpcUrl = options.rpcUrl ?? source.namedRpcUrl ?? 'http://127.0.0.1:8545';
  const rpcFrom = options.rpcUrl !== undefined ? 'chosen by the verifier' : source.namedRpcUrl !== undefined ? `named by ${source.by}` : 'the default local node';
  const timeoutMs = options.timeoutMs ?? 10_000;
  let chainId: number;
  try {
    chainId = Number(BigInt(await rpc(rpcUrl, 'eth_chainId', [], timeoutMs)));
  } catch (error) {
    fail('chain id', `cannot reach ${rpcUrl}: ${(error as Error).message}`);
    return null;
  }
  if (chainId !== anchor.chainId) {
    fail('chain id', `the RPC serves chain ${chainId}, the proof is anchored on chain ${String(anchor.chainId)}`);
    return null;
  }
  pass('chain id', `chain ${chainId} at ${rpcUrl} (${rpcFrom})`);
  let onChain: AnchorOnChain;
  try {
    onChain = decodeAnchorOf(await rpc(rpcUrl, 'eth_call', [{ to: contract, data: anchorOfCallData(toHex(root)) }, 'latest'], timeoutMs));
  } catch (error) {
    fail('root on chain', `anchorOf(root) failed on ${contract}: ${(error as Error).message}`);
    return null;
  }
  const { batchId, leafCount, timestamp, blockNumber } = onChain;
  if (timestamp === 0n) {
    fail('root on chain', `contract ${contract} on chain ${chainId} has no anchor for root 0x${toHex(root)}`);
    return null;
  }
  const expected = { batchId: proof.batchId, leafCount: proof.treeSize, blockNumber: anchor.blockNumber, timestamp: anchor.blockTimestamp };
  const actual = { batchId: Number(batchId), leafCount: Number(leafCount), blockNumber: Number(blockNumber), timestamp: Number(timestamp) };
  const differs = (Object.keys(expected) as (keyof typeof expected)[]).filter((k) => expected[k] !== actual[k]);
  if (differs.length > 0) {
    fail('root on chain', `the chain records ${differs.map((k) => `${k} ${actual[k]}`).join(', ')}; the proof says ${differs.map((k) => `${k} ${String(expected[k])}`).join(', ')}`);
    return null;
  }
  pass('root on chain', `anchored as batch ${batchId} of ${leavesOf(Number(leafCount))} in block ${blockNumber} at ${new Date(Number(timestamp) * 1000).toISOString()}, in contract ${contract} (${contractFrom})`);
  return { contract, contractFrom, rpcUrl, timeoutMs };
}

/** What the checks add up to. Only a pin the verifier chose makes a consistent file TitleLedger's. */
export type Verdict =
  | { readonly status: 'failed'; readonly failed: Check }
  | { readonly status: 'verified'; readonly pinnedBy: readonly ('registry key' | 'registry contract')[] }
  | { readonly status: 'not tied'; readonly reason: string };

/**
 * Every check passed is not enough: the file names its own RPC and contract, and a forger's file
 * names theirs. It is TitleLedger's when signed by the registry key the verifier pinned, or when it is
 * anchored, and its key bound, in the registry contract the verifier pinned, read over an RPC the
 * verifier chose (an RPC the file names can answer anything for any contract).
 */
export function verdictOf(checks: readonly Check[], options: VerifyOptions): Verdict {
  const failed = checks.find((c) => !c.ok);
  if (failed) return { status: 'failed', failed };
  const passed = (name: string) => checks.some((c) => c.ok && c.name === name);
  const pinnedBy: ('registry key' | 'registry contract')[] = [];
  const retiredKey = checks.some((c) => c.unanchoredFieldsOnRetiredKey);
  if (options.registryKey && passed('registry key')) pinnedBy.push('registry key');
  if (options.contract !== undefined && options.rpcUrl !== undefined && passed('registry contract') && passed('registry key on chain') && !retiredKey) {
    pinnedBy.push('registry contract');
  }
  if (pinnedBy.length > 0) return { status: 'verified', pinnedBy };
  let reason = "the file's key, RPC and registry contract all came from the file itself";
  if (options.contract !== undefined) reason = 'the registry contract was pinned but read over the RPC the file names, which can answer anything for any contract';
  if (options.contract !== undefined && options.rpcUrl !== undefined && retiredKey) {
    reason =
      'the file is signed by a registry key rotated since, and its hash version 1 anchors neither the name, the description nor the file details: ' +
      'a leaked old key could have rewritten them; pin that key with --registry-key to vouch for them';
  }
  return { status: 'not tied', reason };
}
