// A second `.tr` verifier, written only from docs/proof-format.md and docs/registration-hash.md:
// node:crypto and a raw JSON-RPC fetch, nothing imported from the ledger or the API. If the docs
// leave something out, this is where it shows.
import { createHash, createPublicKey, verify } from 'node:crypto';

type Json = any;  

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

function canonical(v: Json): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
}

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json());
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Returns null when the bundle verifies, else the reason. */
export async function independentVerify(text: string, rpcUrl: string): Promise<string | null> {
  const b = JSON.parse(text);
  if (b.format !== 'titleledger-tr' || (b.version !== 1 && b.version !== 2)) return 'format';
  if (b.version === 1 && b.registration.hashVersion !== 1) return 'format';
  // Signature: domain tag of the version + canonical JSON without signature and document.key.
  const { signature, ...unsigned } = b;
  const { key: _key, ...document } = unsigned.document;
  const signed = Buffer.from(`titleledger-tr/v${b.version}\n` + canonical({ ...unsigned, document }), 'utf8');
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(signature.publicKey, 'base64')]);
  if (!verify(null, signed, createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(signature.value, 'base64'))) return 'signature';
  // Registration hash v1, or v2: the commitment to every field and the salt (fileSize as a string).
  const r = b.registration;
  const input =
    r.hashVersion === 2
      ? JSON.stringify(['titleledger/registration/v2', r.trNumber, r.title, r.ownerId, r.registrantName, r.materialType, r.intendedMedium, r.description, r.fileName, String(r.fileSize), r.mimeType, r.fileContentHash, r.registeredAt, r.commitmentSalt])
      : JSON.stringify(['titleledger/registration/v1', r.trNumber, r.title, r.ownerId, r.materialType, r.intendedMedium, r.fileContentHash, r.registeredAt]);
  if (r.hashVersion === 2 && !/^[0-9a-f]{64}$/.test(r.commitmentSalt)) return 'cryptographic hash';
  if (createHash('sha256').update(input, 'utf8').digest('hex') !== r.cryptographicHash) return 'cryptographic hash';
  // Merkle path (RFC 9162 §2.1.3.2).
  const p = b.proof;
  if (!p || p.leaf.data !== r.cryptographicHash) return 'leaf';
  const leafHash = sha256(Buffer.from([0]), Buffer.from(p.leaf.data, 'hex'));
  if ('0x' + leafHash.toString('hex') !== p.leaf.hash) return 'leaf hash';
  let fn = p.leaf.index;
  let sn = p.treeSize - 1;
  let h = leafHash;
  if (fn >= p.treeSize) return 'path';
  for (const hex of p.path) {
    const sibling = Buffer.from(hex.slice(2), 'hex');
    if (sn === 0) return 'path';
    if (fn % 2 === 1 || fn === sn) {
      h = sha256(Buffer.from([1]), sibling, h);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      h = sha256(Buffer.from([1]), h, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0 || '0x' + h.toString('hex') !== p.root) return 'path';
  // Root on chain: eth_chainId, then anchorOf(root) = selector 0xcf4ff901 + root.
  if (b.chain && b.chain.chainId !== null && b.chain.chainId !== p.anchor.chainId) return 'chain id';
  if (Number(BigInt(await rpc(rpcUrl, 'eth_chainId', []))) !== p.anchor.chainId) return 'chain id';
  const result = await rpc(rpcUrl, 'eth_call', [{ to: p.anchor.contract, data: '0xcf4ff901' + p.root.slice(2) }, 'latest']);
  const words = [0, 1, 2, 3].map((i) => Number(BigInt('0x' + result.slice(2 + 64 * i, 2 + 64 * (i + 1)))));
  const [batchId, leafCount, timestamp, blockNumber] = words;
  if (timestamp === 0) return 'root not anchored';
  if (batchId !== p.batchId || leafCount !== p.treeSize || blockNumber !== p.anchor.blockNumber || timestamp !== p.anchor.blockTimestamp) return 'anchor differs';
  // The key on chain: registryKeys() = selector 0x093e2f71; offset, count, then 3 words per key.
  const keys: string = await rpc(rpcUrl, 'eth_call', [{ to: p.anchor.contract, data: '0x093e2f71' }, 'latest']);
  const word = (i: number) => keys.slice(2 + 64 * i, 2 + 64 * (i + 1));
  const fingerprints = Array.from({ length: Number(BigInt('0x' + word(1))) }, (_, k) => word(2 + 3 * k));
  if (!fingerprints.includes(createHash('sha256').update(Buffer.from(signature.publicKey, 'base64')).digest('hex'))) return 'key not bound';
  return null;
}
