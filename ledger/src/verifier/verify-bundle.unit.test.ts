// The offline verifier on fixed files: docs/proof-format.md's version 2 test vector, and a version 1
// file as issued before hash version 2 (test/ledger/fixtures/v1.tr). Their anchors are made up, so
// every check but the chain's passes; the chain checks run against the real chain in
// test/ledger/verification.int.test.ts. The verdict's pins run here against RPCs served by the test:
// a forger's, which confirms anything, and an honest one that knows the test vector's anchor.
import { createCipheriv, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { id } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRegistryRpc, type FakeRpc } from '../../../test/support/fake-registry-rpc.js';
import { FORGED_ANCHOR, forge, signingKeyFingerprint } from '../../../test/support/tr-bundle.js';
import { registrationHashPreimage, signingBytes } from './bundle-format.js';
import { ANCHOR_OF_SELECTOR, REGISTRY_KEYS_SELECTOR } from './registry-calls.js';
import { verdictOf, verifyTrBundle, type Check, type VerifyOptions } from './verify-bundle.js';

type Json = Record<string, any>;

const doc = readFileSync(new URL('../../../docs/proof-format.md', import.meta.url), 'utf8');
const v2 = JSON.parse(/<!-- vector: bundle -->\n```json\n([\s\S]*?)\n```/.exec(doc)![1]!) as Json;
const v1 = JSON.parse(readFileSync(new URL('../../../test/ledger/fixtures/v1.tr', import.meta.url), 'utf8')) as Json;
const testKey = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');
const registrationHashV2 = (r: Json) => createHash('sha256').update(registrationHashPreimage({ ...r, hashVersion: 2 })).digest('hex');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
// Nothing listens on port 9 here: the chain check fails at once, after every offline check ran.
const offline = { rpcUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 };

const OFFLINE_CHECKS = ['format', 'signature', 'registry key', 'document', 'cryptographic hash', 'merkle proof'];
const names = (checks: Check[]) => checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name}`);
const failed = (checks: Check[]) => checks.find((c) => !c.ok);

/** Re-signs a bundle with a key of our own: self-consistent, but not the registry's. */
function resign(bundle: Json): Json {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return { ...bundle, signature: { alg: 'Ed25519', keyId, publicKey: raw.toString('base64'), value: sign(null, signingBytes(bundle), privateKey).toString('base64') } };
}

describe('the offline verifier', () => {
  it('calls the registry by the selectors of anchorOf(bytes32) and registryKeys()', () => {
    expect(ANCHOR_OF_SELECTOR).toBe(id('anchorOf(bytes32)').slice(0, 10));
    expect(REGISTRY_KEYS_SELECTOR).toBe(id('registryKeys()').slice(0, 10));
  });

  it('passes the version 2 test vector up to the chain, the commitment opened', async () => {
    const checks = await verifyTrBundle(JSON.stringify(v2), { ...offline, registryKey: testKey });
    expect(names(checks)).toEqual([...OFFLINE_CHECKS.map((n) => `✓ ${n}`), '✗ chain id']);
    expect(checks.find((c) => c.name === 'cryptographic hash')!.detail).toMatch(/the commitment opens/);
    expect(failed(checks)!.detail).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it('still passes a version 1 file (hash version 1, signed under titleledger-tr/v1) up to the chain', async () => {
    expect(text(signingBytes(v1)).startsWith('titleledger-tr/v1\n')).toBe(true);
    const checks = await verifyTrBundle(JSON.stringify(v1), { ...offline, registryKey: testKey });
    expect(names(checks)).toEqual([...OFFLINE_CHECKS.map((n) => `✓ ${n}`), '✗ chain id']);
    expect(checks.find((c) => c.name === 'cryptographic hash')!.detail).toMatch(/version 1: name, description and file details are signed, not anchored/);
  });

  it('refuses a file re-signed with another name: the commitment no longer opens', async () => {
    const forged = resign({ ...v2, registration: { ...v2.registration, registrantName: 'Mallory Forger' } });
    const checks = await verifyTrBundle(JSON.stringify(forged), offline);
    expect(failed(checks)).toMatchObject({ name: 'cryptographic hash', detail: expect.stringMatching(/recomputed [0-9a-f]{64}, the registration says/) });
  });

  it('refuses each field the certificate shows, changed and re-signed', async () => {
    const changes: Json = { description: 'another', fileName: 'other.txt', fileSize: 23, mimeType: 'application/pdf', title: 'Other', commitmentSalt: 'f'.repeat(64) };
    for (const [field, value] of Object.entries(changes)) {
      const checks = await verifyTrBundle(JSON.stringify(resign({ ...v2, registration: { ...v2.registration, [field]: value } })), offline);
      expect(failed(checks)?.name, field).toBe('cryptographic hash');
    }
  });

  it('refuses a re-signed file whose hash was recomputed for the new name: the proof is for another leaf', async () => {
    const registration = { ...v2.registration, registrantName: 'Mallory Forger' };
    const forged = resign({ ...v2, registration: { ...registration, cryptographicHash: registrationHashV2(registration) } });
    expect(failed(await verifyTrBundle(JSON.stringify(forged), offline))?.name).toBe('merkle proof');
  });

  it('refuses a version 2 hash without its salt, and a version 1 file claiming version 2', async () => {
    const { commitmentSalt: _salt, ...unsalted } = v2.registration;
    const noSalt = await verifyTrBundle(JSON.stringify(resign({ ...v2, registration: unsalted })), offline);
    expect(failed(noSalt)).toMatchObject({ name: 'cryptographic hash', detail: expect.stringMatching(/commitmentSalt is missing/) });
    const mixed = await verifyTrBundle(JSON.stringify(resign({ ...v1, registration: { ...v1.registration, hashVersion: 2 } })), offline);
    expect(failed(mixed)).toMatchObject({ name: 'format', detail: expect.stringMatching(/version 1 bundle holds hash version 1 only/) });
    const noChain = await verifyTrBundle(JSON.stringify(resign({ ...v2, chain: undefined })), offline);
    expect(failed(noChain)?.name).toBe('format');
  });

  it('says what a file that is not a .tr file is: a PDF (the certificate), an empty file, something else (QA verifyux finding 8)', async () => {
    const pdf = await verifyTrBundle('%PDF-1.3\n%\xff\xff\n1 0 obj', offline);
    expect(failed(pdf)).toMatchObject({ name: 'format', detail: 'this is a PDF (perhaps the certificate), not a .tr proof file: a certificate is checked by its TR number and cryptographic hash' });
    expect(failed(await verifyTrBundle('', offline))?.detail).toBe('the file is empty: not a .tr proof file');
    const other = failed(await verifyTrBundle('\u0000\u00ffGIF89a', offline))!.detail;
    expect(other).toMatch(/^not a \.tr proof file: a \.tr file is JSON text, and this is another kind of file or one cut short \(/);
  });

  it('says whose download a pending file needs: its owner can download it again once anchored', async () => {
    // The test vector downloaded before its anchor: no proof, signed again with the vector's (RFC 8032 test) key.
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    const testPrivateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
    const unsigned = { ...v2, proof: null };
    const value = sign(null, signingBytes(unsigned), testPrivateKey).toString('base64');
    const pending = await verifyTrBundle(JSON.stringify({ ...unsigned, signature: { ...(v2.signature as Json), value } }), { ...offline, registryKey: testKey });
    expect(failed(pending)).toMatchObject({ name: 'merkle proof', detail: expect.stringMatching(/downloaded while the registration was pending \(its owner can download it again once anchored/) });
  });

  it('refuses a bundle naming another chain than its proof', async () => {
    const checks = await verifyTrBundle(JSON.stringify(resign({ ...v2, chain: { ...v2.chain, chainId: 1 } })), offline);
    expect(failed(checks)).toMatchObject({ name: 'chain id', detail: expect.stringMatching(/names chain 1 but its proof is anchored on chain 31337/) });
  });

  it('opens an enclosed work as large as an upload may be (25 MB), and refuses one whose tag was changed', async () => {
    const work = randomBytes(25 * 1024 * 1024);
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const fileContentHash = createHash('sha256').update(work).digest('hex');
    const registration = { ...v2.registration, fileContentHash };
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`titleledger-tr-document:${registration.trNumber}:${fileContentHash}`));
    const ciphertext = Buffer.concat([cipher.update(work), cipher.final()]);
    const document = { ...v2.document, key: key.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
    const checks = await verifyTrBundle(JSON.stringify(resign({ ...v2, registration, document })), offline);
    expect(checks.find((c) => c.name === 'document')).toMatchObject({ ok: true, detail: 'the enclosed work decrypts and matches file_content_hash' });
    const tampered = { ...document, tag: Buffer.alloc(16).toString('base64') };
    expect(failed(await verifyTrBundle(JSON.stringify(resign({ ...v2, registration, document: tampered })), offline))?.name).toBe('document');
  });

  it('refuses a version 1 file re-signed under the version 2 domain (the version decides the tag)', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(12);
    const bytes = Buffer.from(text(signingBytes(v1)).replace('titleledger-tr/v1\n', 'titleledger-tr/v2\n'));
    const forged = { ...v1, signature: { ...v1.signature, publicKey: raw.toString('base64'), value: sign(null, bytes, privateKey).toString('base64') } };
    expect(failed(await verifyTrBundle(JSON.stringify(forged), offline))?.name).toBe('signature');
  });
});

describe("the verdict: only a pin the verifier chose makes a consistent file TitleLedger's", () => {
  const ours = v2.proof.anchor.contract as string;
  let forgersRpc: FakeRpc;
  let honestRpc: FakeRpc;
  let forged: Json;
  const forgersKeys: string[] = [];
  const run = async (bundle: Json, options: VerifyOptions) => {
    const checks = await verifyTrBundle(JSON.stringify(bundle), { timeoutMs: 5_000, ...options });
    return { checks, verdict: verdictOf(checks, options) };
  };

  beforeAll(async () => {
    // The forger's RPC confirms the forgery's anchor and key for any contract it is asked about.
    forgersRpc = await startFakeRegistryRpc({ chainId: 1, anchor: FORGED_ANCHOR, fingerprints: forgersKeys });
    forged = forge(v2, { rpcUrl: forgersRpc.url, contract: `0x${'ab'.repeat(20)}`, chainId: 1 });
    forgersKeys.push(signingKeyFingerprint(forged));
    // Standing in for an RPC of the real chain: it knows the test vector's anchor and key.
    const { batchId, treeSize, anchor } = v2.proof;
    const real = { batchId, leafCount: treeSize, timestamp: anchor.blockTimestamp, blockNumber: anchor.blockNumber };
    honestRpc = await startFakeRegistryRpc({ chainId: 31337, anchor: real, fingerprints: [signingKeyFingerprint(v2)] });
  });
  afterAll(async () => {
    await forgersRpc?.close();
    await honestRpc?.close();
  });

  it('a forgery naming its own RPC, contract and key passes every check, but is not verified without a pin', async () => {
    const { checks, verdict } = await run(forged, {});
    expect(checks.every((c) => c.ok), JSON.stringify(checks)).toBe(true);
    expect(checks.find((c) => c.name === 'chain id')!.detail).toBe(`chain 1 at ${forgersRpc.url} (named by the file)`);
    expect(checks.find((c) => c.name === 'registry key on chain')!.detail).toMatch(/\(named by the file\)/);
    expect(verdict).toEqual({ status: 'not tied', reason: "the file's key, RPC and registry contract all came from the file itself" });
    // An RPC the verifier chose without a pinned registry only shows the forger's registry agrees with itself.
    expect((await run(forged, { rpcUrl: forgersRpc.url })).verdict.status).toBe('not tied');
  });

  it('fails the forgery with the registry key pinned', async () => {
    const { verdict } = await run(forged, { registryKey: testKey });
    expect(verdict).toMatchObject({ status: 'failed', failed: { name: 'registry key', detail: expect.stringMatching(/re-signed by someone else/) } });
  });

  it("fails the forgery with TitleLedger's contract pinned: it is anchored elsewhere", async () => {
    const { verdict } = await run(forged, { contract: ours, rpcUrl: honestRpc.url });
    expect(verdict).toMatchObject({ status: 'failed', failed: { name: 'registry contract', detail: `the proof is anchored in contract 0x${'ab'.repeat(20)} (named by the file), not in the registry you pinned, ${ours}` } });
  });

  it("a forgery claiming TitleLedger's contract, read over the forger's RPC, is still not verified: the RPC is the file's", async () => {
    const claiming = forge(v2, { rpcUrl: forgersRpc.url, contract: ours, chainId: 1 });
    forgersKeys.push(signingKeyFingerprint(claiming));
    const { checks, verdict } = await run(claiming, { contract: ours.toLowerCase() });
    expect(checks.every((c) => c.ok), JSON.stringify(checks)).toBe(true);
    expect(checks.map((c) => c.name)).toContain('registry contract');
    expect(verdict).toMatchObject({ status: 'not tied', reason: expect.stringMatching(/read over the RPC the file names/) });
  });

  it('a genuine file is verified with either pin, and reads the pinned contract', async () => {
    expect((await run(v2, { registryKey: testKey, rpcUrl: honestRpc.url })).verdict).toEqual({ status: 'verified', pinnedBy: ['registry key'] });
    honestRpc.calledContracts.length = 0;
    const { checks, verdict } = await run(v2, { contract: ours.toUpperCase().replace('0X', '0x'), rpcUrl: honestRpc.url });
    expect(verdict, JSON.stringify(checks)).toEqual({ status: 'verified', pinnedBy: ['registry contract'] });
    expect(new Set(honestRpc.calledContracts)).toEqual(new Set([ours.toLowerCase()]));
    expect(checks.find((c) => c.name === 'registry key on chain')!.detail).toMatch(/\(pinned by the verifier\)/);
    expect((await run(v2, { registryKey: testKey, contract: ours, rpcUrl: honestRpc.url })).verdict).toEqual({ status: 'verified', pinnedBy: ['registry key', 'registry contract'] });
    // The same genuine file with nothing pinned: consistent, not tied.
    expect((await run(v2, { rpcUrl: honestRpc.url })).verdict.status).toBe('not tied');
  });

  it('the contract pin does not vouch for a version 1 file signed by a key rotated since: its name and details rest on that key', async () => {
    const { batchId, treeSize, anchor } = v1.proof;
    const real = { batchId, leafCount: treeSize, timestamp: anchor.blockTimestamp, blockNumber: anchor.blockNumber };
    const next = 'cd'.repeat(32);
    const rotated = await startFakeRegistryRpc({ chainId: 31337, anchor: real, fingerprints: [signingKeyFingerprint(v1), next] });
    const current = await startFakeRegistryRpc({ chainId: 31337, anchor: real, fingerprints: [signingKeyFingerprint(v1)] });
    try {
      const contract = v1.proof.anchor.contract as string;
      const old = await run(v1, { contract, rpcUrl: rotated.url });
      expect(old.checks.every((c) => c.ok), JSON.stringify(old.checks)).toBe(true);
      expect(old.verdict).toMatchObject({ status: 'not tied', reason: expect.stringMatching(/rotated since, and its hash version 1 anchors neither the name/) });
      // Pinning that old key vouches for them; while the key is current the contract pin does.
      expect((await run(v1, { contract, rpcUrl: rotated.url, registryKey: testKey })).verdict).toMatchObject({ status: 'verified', pinnedBy: ['registry key'] });
      expect((await run(v1, { contract, rpcUrl: current.url })).verdict).toEqual({ status: 'verified', pinnedBy: ['registry contract'] });
    } finally {
      await rotated.close();
      await current.close();
    }
  });
});
