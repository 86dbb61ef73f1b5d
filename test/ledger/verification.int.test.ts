// The ledger end to end on the embedded Hardhat node: registrations through the real API are
// anchored; the verify, proof, status and RPC-proxy routes; the .tr file verified by the CLI and by
// an independent verifier written from docs/proof-format.md, including every tampering the issue
// lists; the certificate; and a restart of the whole app after which an old .tr file still verifies.
import { createHash, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { creatorFlows, errorReply, injectSender, jsonBody, type Registered } from '../support/flows.js';
import { pdfText } from '../support/pdf-text.js';
import { isEvent } from '../../api/src/events/index.js';
import { registrationHash } from '../../api/src/registrations/registration-hash.js';
import { registrationHashPreimage, signingBytes } from '../../ledger/src/verifier/bundle-format.js';
import { runCommand, runVerifyCli } from './cli.js';
import { independentVerify } from './independent-verifier.js';
import { appendRegistration, eventually, newRegistration, type TestRegistration } from './registrations.js';
import { startFakeRegistryRpc } from '../support/fake-registry-rpc.js';
import { FORGED_ANCHOR, forge, resign, signingKeyFingerprint } from '../support/tr-bundle.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-ledger-'));
const files = mkdtempSync(path.join(tmpdir(), 'tl-ledger-files-'));
let databaseUrl: string;
let app: TestApp;
let client: ReturnType<typeof creatorFlows>;
let token: string;
const works = [0, 1, 2].map((i) => Buffer.from(`Poem ${i}: the sea, the sea, ${Date.now()}\n`));
const registered: Registered[] = [];
let bundleText: string;
let bundlePath: string;
/** A registration hashed with version 1, as made before hash version 2: its TitleRegistered written straight to the log. */
let v1Registration: TestRegistration;
// The registry's key, held by the test so it can issue a version 1 file as the code before version 2 did.
const registrySigningKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const PUBLIC_RPC = 'http://titleledger.test/api/ledger/rpc';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LEDGER_BATCH_SECONDS: '0.5',
  PUBLIC_URL: 'http://titleledger.test',
  REGISTRY_SIGNING_KEY: registrySigningKey,
});
const rpcUrl = () => `${app.url}/api/ledger/rpc`;

async function rpc(body: unknown) {
  return client.send({ method: 'POST', url: '/api/ledger/rpc', ...jsonBody(body) });
}

beforeAll(async () => {
  const db = await createTestDatabase();
  databaseUrl = db.url;
  await db.close();
  app = await startTestApp(env());
  client = creatorFlows(injectSender(app));
  const creator = await client.signUp();
  token = creator.token;
  for (const [i, work] of works.entries()) registered.push(await client.register(token, work, { title: `Poem ${i}` }));
  // A version 1 registration of the same work, sharing its stored (encrypted) document.
  const [first] = await app.running.store.readStream(`title-${registered[0]!.trNumber}`);
  if (!first || !isEvent(first, 'TitleRegistered')) throw new Error('expected TitleRegistered');
  const base = { ...newRegistration(works[0], 'Poem before version 2'), ownerId: creator.userId, blobId: first.data.blobId };
  v1Registration = { ...base, cryptographicHash: registrationHash(base), hashVersion: 1 };
  await appendRegistration(app.running.store, v1Registration);
});
afterAll(async () => app?.stop());

describe('anchoring', () => {
  it('anchors every registration in a batch and serves its proof, answering pending until then', async () => {
    // Whether a look comes before the batch is anchored depends on the machine's speed: each one that
    // does must be the 202 (registrations.int.test.ts, where no batch is sealed, checks it every time).
    const first = registered[0]!;
    const proof = await eventually(async () => {
      const response = await client.send({ method: 'GET', url: `/api/ledger/proof/${first.trNumber}` });
      if (response.status === 200) return response.json();
      expect(response.status, response.body).toBe(202);
      expect(response.json()).toMatchObject({ status: 'pending', tr_number: first.trNumber });
      return null;
    }, 90_000, 'an anchored proof');
    expect(proof).toMatchObject({
      tr_number: first.trNumber,
      status: 'anchored',
      leaf: { hash: first.cryptographicHash, leafHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), index: expect.any(Number) },
      proof: { treeSize: expect.any(Number), path: expect.any(Array) },
      root: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      batchId: expect.any(Number),
      chainId: 31337,
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockNumber: expect.any(Number),
      blockTimestamp: expect.any(Number),
      rpcUrl: PUBLIC_RPC,
    });
    for (const r of [...registered, v1Registration]) {
      await eventually(async () => (await client.send({ method: 'GET', url: `/api/ledger/proof/${r.trNumber}` })).status === 200);
    }
  });

  it('GET /api/titles/verify/:tr gives the spec fields, registered once anchored; 404 unknown, 400 malformed', async () => {
    const r = registered[1]!;
    const response = await client.send({ method: 'GET', url: `/api/titles/verify/${r.trNumber.toLowerCase()}` });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      tr_number: r.trNumber,
      title: 'Poem 1',
      material_type: 'Poems',
      status: 'registered',
      cryptographic_hash: r.cryptographicHash,
      file_content_hash: r.fileContentHash,
      registrant_name: 'Ada Lovelace',
      registration_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const unknown = await client.send({ method: 'GET', url: '/api/titles/verify/TR-COPY-2020-ABCDEFGH' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual(errorReply('not_found', 'Registration not found'));
    const malformed = await client.send({ method: 'GET', url: '/api/titles/verify/not-a-tr' });
    expect(malformed.status).toBe(400);
    expect(malformed.json().code).toBe('validation_error');
    expect((await client.send({ method: 'GET', url: '/api/ledger/proof/TR-COPY-2020-ABCDEFGH' })).status).toBe(404);
    expect((await client.send({ method: 'GET', url: '/api/ledger/proof/%3Cscript%3E' })).status).toBe(400);
  });

  it('GET /api/titles/by-hash/:hash finds the registrations of a work (or of a registration hash) without a TR number', async () => {
    // The same work registered twice (registered[0], then the version 1 registration of it): both, oldest first.
    const work = createHash('sha256').update(works[0]!).digest('hex');
    // (The version 1 registration was written straight to the log: its row may still be on its way.)
    await eventually(async () => (await client.send({ method: 'GET', url: `/api/titles/verify/${v1Registration.trNumber}` })).status === 200);
    const pasted = await client.send({ method: 'GET', url: `/api/titles/by-hash/0x${work.toUpperCase()}` });
    expect(pasted.status).toBe(200);
    const body = pasted.json<{ hash: string; matches: { tr_number: string; title: string; registrant_name: string; matched: string; archived: boolean }[] }>();
    expect(body.hash).toBe(work);
    expect(body.matches.map((m) => [m.tr_number, m.matched])).toEqual([
      [registered[0]!.trNumber, 'file_content_hash'],
      [v1Registration.trNumber, 'file_content_hash'],
    ]);
    expect(body.matches[0]).toMatchObject({ archived: false, title: 'Poem 0', registrant_name: 'Ada Lovelace', status: expect.stringMatching(/^(pending|registered)$/) });

    const byRegistration = (await client.send({ method: 'GET', url: `/api/titles/by-hash/${registered[2]!.cryptographicHash}` })).json<typeof body>();
    expect(byRegistration.matches.map((m) => [m.tr_number, m.matched])).toEqual([[registered[2]!.trNumber, 'cryptographic_hash']]);

    const none = await client.send({ method: 'GET', url: `/api/titles/by-hash/${'0'.repeat(64)}` });
    expect(none.status).toBe(200);
    expect(none.json()).toEqual({ hash: '0'.repeat(64), matches: [] });
    for (const bad of [work.slice(0, 63), `${work}a`, 'z'.repeat(64)]) {
      const refused = await client.send({ method: 'GET', url: `/api/titles/by-hash/${bad}` });
      expect(refused.status).toBe(400);
      expect(refused.json().message).toContain('A SHA-256 hash is 64 hexadecimal characters');
    }
  });

  it('GET /api/ledger/status reports the chain, the last batch and nothing pending', async () => {
    const status = (await client.send({ method: 'GET', url: '/api/ledger/status' })).json();
    expect(status).toMatchObject({
      pendingCount: 0,
      lastBatch: { batchId: expect.any(Number), leafCount: expect.any(Number), root: expect.stringMatching(/^0x/) },
      lastAnchorAt: expect.any(String),
      chainReachable: true,
      chainId: 31337,
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
    // Polled: one answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect
      .poll(async () => (await client.send({ method: 'GET', url: '/api/health' })).json().components.ledger)
      .toMatchObject({ status: 'ok', details: { chainReachable: true, chainId: 31337, pendingCount: 0 } });
  });

  it('the RPC proxy forwards the six read methods and refuses anything else', async () => {
    const chainId = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    expect(chainId.status).toBe(200);
    expect(chainId.json()).toMatchObject({ id: 1, result: '0x7a69' });
    const batch = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['0x1', false] },
    ]);
    expect(batch.json()).toHaveLength(2);
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'evm_mine', 'hardhat_reset', 'evm_setNextBlockTimestamp', 'eth_accounts']) {
      const refused = await rpc({ jsonrpc: '2.0', id: 7, method, params: [] });
      expect(refused.status, method).toBe(403);
      expect(refused.json()).toMatchObject({ id: 7, error: { code: -32601 } });
    }
    const mixed = await rpc([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 2, method: 'evm_mine' }]);
    expect(mixed.status).toBe(403);
    expect((await rpc({ not: 'json-rpc' })).status).toBe(400);
  });

  it('the certificate says where the registration is anchored', async () => {
    const proof = (await client.send({ method: 'GET', url: `/api/ledger/proof/${registered[0]!.trNumber}` })).json();
    const pdf = await client.send({ method: 'GET', url: `/api/copyright/download-certificate/${registered[0]!.trNumber}`, token });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw);
    expect(text).toContain(`Anchored in block ${proof.blockNumber}`);
    expect(text).toContain(proof.txHash);
  });

  it("renders each anchored registration's certificate in the background, before anyone asks for it", async () => {
    // `If-None-Match: *` gets the current ETag (a 304) without reading or rendering the file: the
    // file under that name can only have come from the background renderer.
    const rendered = (etag: string) => {
      const name = JSON.parse(etag) as string;
      return existsSync(path.join(dataDir, 'certificates', name.slice(0, 2), `${name}-pdf`));
    };
    for (const { trNumber } of [...registered.slice(1), v1Registration]) {
      await eventually(async () => (await client.send({ method: 'GET', url: `/api/ledger/proof/${trNumber}` })).status === 200, 90_000, `${trNumber} anchored`);
      await eventually(async () => {
        const response = await client.send({ method: 'GET', url: `/api/copyright/download-certificate/${trNumber}`, token, headers: { 'if-none-match': '*' } });
        expect(response.status).toBe(304);
        return rendered(String(response.headers.etag)) || null;
      }, 90_000, `the anchored certificate of ${trNumber} rendered`);
    }
    const anchored = await client.send({ method: 'GET', url: `/api/copyright/download-certificate/${registered[2]!.trNumber}`, token });
    expect(pdfText(anchored.raw)).toContain('Anchored in block');
  });
});

describe('the .tr file', () => {
  beforeAll(async () => {
    bundleText = await client.downloadTr(token, registered[0]!.trNumber);
    bundlePath = path.join(files, 'good.tr');
    writeFileSync(bundlePath, bundleText);
    writeFileSync(path.join(files, 'original.txt'), works[0]!);
    writeFileSync(path.join(files, 'other.txt'), works[1]!);
  });

  it('carries the Merkle proof and anchor, the chain to check them on and the opened commitment, under the signature', () => {
    const bundle = JSON.parse(bundleText);
    expect(bundle).toMatchObject({ version: 2, chain: { chainId: 31337, rpcUrl: PUBLIC_RPC } });
    expect(bundle.registration).toMatchObject({ hashVersion: 2, registrantName: 'Ada Lovelace', commitmentSalt: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(registrationHashV2(bundle.registration)).toBe(registered[0]!.cryptographicHash);
    expect(bundle.registration.status).toBe('registered');
    expect(bundle.proof).toMatchObject({ version: 1, hash: 'sha256', leaf: { data: registered[0]!.cryptographicHash }, anchor: { chainId: 31337 } });
  });

  it('verifies with the CLI: every check ✓, exit 0', async () => {
    const result = await runVerifyCli([bundlePath, '--file', path.join(files, 'original.txt'), '--rpc', rpcUrl(), '--registry-key', await registryKey()]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const check of ['format', 'signature', 'registry key', 'file hash', 'document', 'cryptographic hash', 'merkle proof', 'chain id', 'root on chain', 'registry key on chain']) {
      expect(result.stdout).toContain(`✓ ${check}:`);
    }
    expect(result.stdout).toContain('VERIFIED');
  });

  it('verifies with the independent verifier written from the docs', async () => {
    expect(await independentVerify(bundleText, rpcUrl())).toBeNull();
  });

  it('names the failed check for each tampering', async () => {
    const key = await registryKey();
    const bundle = JSON.parse(bundleText);
    const cases: [string, string[], string][] = [
      ['edited title', [write('edited.tr', { ...bundle, registration: { ...bundle.registration, title: 'Stolen' } })], 'signature'],
      ['truncated', [write('truncated.tr', bundleText.slice(0, bundleText.length / 2))], 'format'],
      ['re-signed by another key', [write('resigned.tr', resign({ ...bundle, registration: { ...bundle.registration, title: 'Stolen' } })), '--registry-key', key], 'registry key'],
      ['re-signed, title changed, no registry key', [write('resigned2.tr', resign({ ...bundle, registration: { ...bundle.registration, title: 'Stolen' } }))], 'cryptographic hash'],
      ['different chain', [write('chain.tr', resign({ ...bundle, proof: { ...bundle.proof, anchor: { ...bundle.proof.anchor, chainId: 1 } } }))], 'chain id'],
      // A one-leaf batch has an empty path: a forged sibling then stands for "another root" too.
      ['another root', [write('root.tr', resign({ ...bundle, proof: { ...bundle.proof, path: forgedPath(bundle.proof.path) } }))], 'merkle proof'],
      ['wrong file', [bundlePath, '--file', path.join(files, 'other.txt')], 'file hash'],
      ['pending file', [write('pending.tr', resign({ ...bundle, proof: null }))], 'merkle proof'],
      // Hash version 2: the name is committed to on chain, so a re-signed file cannot change it.
      ['re-signed with another name', [write('name.tr', resign(renamed(bundle)))], 'cryptographic hash'],
      ['another name, hash recomputed', [write('name-rehashed.tr', resign({ ...renamed(bundle), registration: { ...renamed(bundle).registration, cryptographicHash: registrationHashV2(renamed(bundle).registration) } }))], 'merkle proof'],
      ['another name, hash and proof rebuilt as a one-leaf tree', [write('name-rerooted.tr', resign(rerooted(renamed(bundle))))], 'root on chain'],
      // Nothing changed but the signer: every chain check passes, the key is not the registry's.
      ['re-signed by another key, content unchanged', [write('resigned-same.tr', resign(bundle))], 'registry key on chain'],
    ];
    for (const [what, args, failed] of cases) {
      const result = await runVerifyCli([...args, '--rpc', rpcUrl()]);
      expect(result.code, `${what}: ${result.stdout}${result.stderr}`).toBe(1);
      expect(result.stdout, what).toContain(`FAILED: ${failed}`);
      expect(result.stdout, what).toMatch(new RegExp(`✗ ${failed}: .+`));
    }
    // The independent verifier agrees on the ones it checks.
    expect(await independentVerify(JSON.stringify({ ...bundle, registration: { ...bundle.registration, title: 'Stolen' } }), rpcUrl())).toBe('signature');
    expect(await independentVerify(JSON.stringify(resign({ ...bundle, proof: { ...bundle.proof, anchor: { ...bundle.proof.anchor, chainId: 1 } } })), rpcUrl())).toBe('chain id');
    expect(await independentVerify(JSON.stringify(resign(renamed(bundle))), rpcUrl())).toBe('cryptographic hash');
    expect(await independentVerify(JSON.stringify(resign(rerooted(renamed(bundle)))), rpcUrl())).toBe('root not anchored');
    expect(await independentVerify(JSON.stringify(resign(bundle)), rpcUrl())).toBe('key not bound');
  });
});

describe("the CLI's verdict: VERIFIED only when a pin of the verifier's ties the file to TitleLedger (QA 38 finding 1)", () => {
  it('a genuine file: VERIFIED with the registry key or with the contract over a chosen RPC; without either, NOT VERIFIED (exit 3)', async () => {
    const byKey = await runVerifyCli([bundlePath, '--registry-key', await registryKey(), '--rpc', rpcUrl()]);
    expect(byKey.code, byKey.stdout).toBe(0);
    expect(byKey.stdout).toMatch(/^VERIFIED: every check passed, tied to TitleLedger's registry by the registry key you pinned$/m);
    const byContract = await runVerifyCli([bundlePath, '--contract', CONTRACT, '--rpc', rpcUrl()]);
    expect(byContract.code, byContract.stdout).toBe(0);
    expect(byContract.stdout).toContain(`✓ registry contract: the proof is anchored in the pinned registry ${CONTRACT}`);
    expect(byContract.stdout).toContain(`input registry contract: ${CONTRACT}, pinned by you (--contract)`);
    expect(byContract.stdout).toContain(`input rpc: ${rpcUrl()}, chosen by you (--rpc)`);
    expect(byContract.stdout).toMatch(/^VERIFIED: .* by the registry contract you pinned, read over your RPC$/m);
    const unpinned = await runVerifyCli([bundlePath, '--rpc', rpcUrl()]);
    expect(unpinned.code, unpinned.stdout).toBe(3);
    expect(unpinned.stdout).not.toMatch(/^VERIFIED/m);
    expect(unpinned.stdout).toMatch(/^NOT VERIFIED: the file is consistent, but nothing ties it to TitleLedger's registry .*--registry-key .*--contract .*--rpc/m);
  });

  it('a forgery naming its own RPC, registry and key: NOT VERIFIED unpinned, FAILED with either pin', async () => {
    const forgersKeys: string[] = [];
    const forgersRpc = await startFakeRegistryRpc({ chainId: 1, anchor: FORGED_ANCHOR, fingerprints: forgersKeys });
    try {
      const forged = forge(JSON.parse(bundleText), { rpcUrl: forgersRpc.url, contract: `0x${'ab'.repeat(20)}`, chainId: 1 });
      forgersKeys.push(signingKeyFingerprint(forged));
      const file = write('forged.tr', forged);
      // What QA ran: every check passes against the forger's own RPC and registry.
      const unpinned = await runVerifyCli([file]);
      expect(unpinned.code, unpinned.stdout).toBe(3);
      for (const check of ['signature', 'cryptographic hash', 'merkle proof', 'chain id', 'root on chain', 'registry key on chain']) expect(unpinned.stdout).toContain(`✓ ${check}:`);
      expect(unpinned.stdout).toContain('input rpc: from the file (chain.rpcUrl)');
      expect(unpinned.stdout).toContain(`✓ chain id: chain 1 at ${forgersRpc.url} (named by the file)`);
      expect(unpinned.stdout).not.toMatch(/^VERIFIED/m);
      expect(unpinned.stdout).toContain('NOT VERIFIED');

      const byKey = await runVerifyCli([file, '--registry-key', await registryKey()]);
      expect(byKey.code, byKey.stdout).toBe(1);
      expect(byKey.stdout).toContain('FAILED: registry key');

      const byContract = await runVerifyCli([file, '--contract', CONTRACT, '--rpc', rpcUrl()]);
      expect(byContract.code, byContract.stdout).toBe(1);
      expect(byContract.stdout).toContain(`✗ registry contract: the proof is anchored in contract 0x${'ab'.repeat(20)} (named by the file), not in the registry you pinned, ${CONTRACT}`);

      // Claiming our contract and chain does not help: over the real chain its root is not there.
      const claiming = forge(JSON.parse(bundleText), { rpcUrl: forgersRpc.url, contract: CONTRACT, chainId: 31337 });
      const claimingFile = write('forged-ours.tr', claiming);
      const real = await runVerifyCli([claimingFile, '--contract', CONTRACT, '--rpc', rpcUrl()]);
      expect(real.code, real.stdout).toBe(1);
      expect(real.stdout).toContain('FAILED: root on chain');
    } finally {
      await forgersRpc.close();
    }
  });

  it('refuses a --contract that is not an address (exit 2)', async () => {
    const result = await runVerifyCli([bundlePath, '--contract', 'ours', '--rpc', rpcUrl()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--contract must be an address');
  });
});

describe('the one-file verifier a stranger downloads (no checkout, no install)', () => {
  it('is served with its size and SHA-256, and run with plain node in an empty folder answers as `npm run verify` does', async () => {
    const aboutReply = await client.send({ method: 'GET', url: '/api/verifier' });
    expect(aboutReply.status, aboutReply.body).toBe(200);
    const about = aboutReply.json<{ url: string; sha256: string }>();
    const download = await client.send({ method: 'GET', url: about.url });
    expect(download.status).toBe(200);
    const sha256 = createHash('sha256').update(download.raw).digest();
    expect(about).toEqual({ fileName: 'titleledger-verify.mjs', url: '/downloads/titleledger-verify.mjs', bytes: download.raw.length, sha256: sha256.toString('hex') });
    expect(download.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-disposition': 'attachment; filename="titleledger-verify.mjs"',
      etag: `"${about.sha256}"`,
      'repr-digest': `sha-256=:${sha256.toString('base64')}:`,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
    // Its header says what it is, where its source is and how to check it.
    expect(download.body).toMatch(/^#!\/usr\/bin\/env node\n\/\/ titleledger-verify\.mjs: TitleLedger's verifier of `\.tr` proof files/);
    for (const said of ['// TitleLedger 0.1.0. Licence: ', "// Source: ledger/src/verifier/ in TitleLedger's source", 'sha256sum titleledger-verify.mjs']) expect(download.body).toContain(said);
    // Nothing of the machine that built it, so a copy built from the same source has the same SHA-256.
    expect(download.body).not.toContain(path.resolve(import.meta.dirname, '../..'));
    const revalidated = await client.send({ method: 'GET', url: about.url, headers: { 'if-none-match': `"${about.sha256}"` } });
    expect(revalidated.status).toBe(304);

    // A stranger's machine: the file alone in a folder with no node_modules above it, node and nothing else.
    const alone = mkdtempSync(path.join(tmpdir(), 'tl-stranger-'));
    writeFileSync(path.join(alone, 'titleledger-verify.mjs'), download.raw);
    const stranger = (args: readonly string[]) => runCommand(process.execPath, ['titleledger-verify.mjs', ...args], { cwd: alone, env: { PATH: process.env.PATH ?? '' } });
    const key = await registryKey();
    const edited = write('stranger-edited.tr', { ...JSON.parse(bundleText), registration: { ...JSON.parse(bundleText).registration, title: 'Stolen' } });
    const cases = [
      ['pinned by the registry key', [bundlePath, '--registry-key', key, '--rpc', rpcUrl()], 0, /^VERIFIED: every check passed, tied to TitleLedger's registry by the registry key you pinned$/m],
      ['pinned by the contract', [bundlePath, '--contract', CONTRACT, '--rpc', rpcUrl()], 0, /^VERIFIED: .* by the registry contract you pinned, read over your RPC$/m],
      ['tampered: the title edited', [edited, '--registry-key', key, '--rpc', rpcUrl()], 1, /^FAILED: signature$/m],
    ] as const;
    // Each case run both ways at once: the checkout's CLI starts through tsx, ~1 s each.
    const results = await Promise.all(cases.map(([, args]) => Promise.all([stranger(args), runVerifyCli(args)])));
    for (const [i, [what, , code, verdict]] of cases.entries()) {
      const [theirs, checkout] = results[i]!;
      expect(theirs.code, `${what}: ${theirs.stdout}${theirs.stderr}`).toBe(code);
      expect(theirs.stdout, what).toMatch(verdict);
      expect(theirs, what).toEqual(checkout);
    }
    // Its usage line names the command that started it.
    const usage = await stranger([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: node titleledger-verify\.mjs <file\.tr> /);

    // A certificate's hash without its .tr file: the public proof of its TR number, saved as served.
    const [{ trNumber, cryptographicHash: hash }, other] = registered as [Registered, Registered];
    const served = await client.send({ method: 'GET', url: `/api/ledger/proof/${trNumber}` });
    expect(served.status).toBe(200);
    const proofFile = write('proof.json', served.body);
    const proof = served.json<Record<string, any>>();
    const pinned = ['--contract', CONTRACT, '--rpc', rpcUrl()];
    const proofCases = [
      ['the hash, pinned by the contract', ['--proof', proofFile, '--hash', hash, ...pinned], 0, /^VERIFIED: every check passed, tied to TitleLedger's registry by the registry contract you pinned, read over your RPC$/m],
      ['the hash, in capitals with 0x', ['--proof', proofFile, '--hash', `0x${hash.toUpperCase()}`, ...pinned], 0, /^✓ hash: the proof is for the hash you hold/m],
      ['nothing pinned', ['--proof', proofFile, '--hash', hash, '--rpc', rpcUrl()], 3, /^NOT VERIFIED: the proof is consistent, but nothing ties it to TitleLedger's registry .*--contract/m],
      ["another registration's hash", ['--proof', proofFile, '--hash', other.cryptographicHash, ...pinned], 1, /^✗ hash: the proof is for hash .*, not the one you hold/m],
      ['a path leading elsewhere', ['--proof', write('forged-proof.json', { ...proof, proof: { ...proof.proof, path: forgedPath(proof.proof.path) } }), '--hash', hash, ...pinned], 1, /^FAILED: merkle proof$/m],
      ['a root the chain lacks', ['--proof', write('rerooted-proof.json', { ...proof, proof: { treeSize: 1, path: [] }, root: proof.leaf.leafHash, leaf: { ...proof.leaf, index: 0 } }), '--hash', hash, ...pinned], 1, /^FAILED: root on chain$/m],
      ['another registry pinned', ['--proof', proofFile, '--hash', hash, '--contract', `0x${'12'.repeat(20)}`, '--rpc', rpcUrl()], 1, /^FAILED: registry contract$/m],
      ['a .tr file given as the proof', ['--proof', bundlePath, '--hash', hash, ...pinned], 1, /^✗ format: not a saved GET \/api\/ledger\/proof\/\{TR number\} answer/m],
      ['no hash', ['--proof', proofFile, ...pinned], 2, /--proof needs --hash/],
      ['a registry key, which a proof has nothing signed for', ['--proof', proofFile, '--hash', hash, '--registry-key', key], 2, /a proof is not signed/],
    ] as const;
    const proofResults = await Promise.all(proofCases.map(([, args]) => stranger(args)));
    for (const [i, [what, , code, said]] of proofCases.entries()) {
      const result = proofResults[i]!;
      expect(result.code, `${what}: ${result.stdout}${result.stderr}`).toBe(code);
      expect(`${result.stdout}${result.stderr}`, what).toMatch(said);
    }
    expect(await runVerifyCli(proofCases[0][1])).toEqual(proofResults[0]);
    // On the development chain the note says what a proof, unsigned, does not prove there.
    expect(proofResults[0]!.stdout).toMatch(/^note: chain 31337 .*a proof carries no signature/m);
  });
});

describe('registrations hashed with version 1 (before the salted commitment)', () => {
  let v1Bundle: Record<string, any>;
  beforeAll(async () => {
    v1Bundle = JSON.parse(await client.downloadTr(token, v1Registration.trNumber));
  });

  it('are served in a version 2 file with their version 1 hash and no salt, and verify on the chain', async () => {
    expect(v1Bundle).toMatchObject({ version: 2, chain: { chainId: 31337, rpcUrl: PUBLIC_RPC }, registration: { hashVersion: 1, cryptographicHash: v1Registration.cryptographicHash } });
    expect(v1Bundle.registration.commitmentSalt).toBeUndefined();
    const file = write('v1-hash.tr', v1Bundle);
    const result = await runVerifyCli([file, '--file', path.join(files, 'original.txt'), '--rpc', rpcUrl(), '--registry-key', await registryKey()]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('✓ cryptographic hash: recomputed from the registration (version 1');
    expect(result.stdout).toContain('✓ root on chain:');
    expect(result.stdout).toContain('note: chain 31337 is a development chain');
    expect(await independentVerify(JSON.stringify(v1Bundle), rpcUrl())).toBeNull();
  });

  it('a version 1 file, as issued before version 2 (no chain member, signed under titleledger-tr/v1), still verifies', async () => {
    const { chain: _chain, signature, ...rest } = v1Bundle;
    const unsigned = { ...rest, version: 1 };
    const bytes = signingBytes(unsigned);
    expect(Buffer.from(bytes).toString('utf8').startsWith('titleledger-tr/v1\n')).toBe(true);
    const v1File = { ...unsigned, signature: { ...signature, value: sign(null, bytes, createPrivateKey(registrySigningKey)).toString('base64') } };
    const result = await runVerifyCli([write('v1-format.tr', v1File), '--rpc', rpcUrl(), '--registry-key', await registryKey()]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('✓ format: titleledger-tr v1');
    expect(result.stdout).toContain('✓ registry key:');
    expect(await independentVerify(JSON.stringify(v1File), rpcUrl())).toBeNull();
  });
});

describe('after a restart of the whole app', () => {
  it('rebuilds the embedded chain from the log, and an old .tr file still verifies', async () => {
    const before = JSON.parse(bundleText).proof;
    await app.stop();
    app = await startTestApp(env());
    client = creatorFlows(injectSender(app));
    // Polled: one answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    const health = await eventually(async () => {
      const body = (await client.send({ method: 'GET', url: '/api/health' })).json();
      return body.components.ledger.status === 'ok' ? body : null;
    }, 90_000, 'the ledger healthy after the restart');
    expect(health.components.ledger.details.degraded).toBeUndefined();
    const result = await runVerifyCli([bundlePath, '--contract', CONTRACT, '--rpc', rpcUrl()]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(`in block ${before.anchor.blockNumber} at`);
    expect(await independentVerify(bundleText, rpcUrl())).toBeNull();
    // And the rebuilt chain keeps anchoring: a new registration lands after the replayed ones.
    const fresh = await client.register((await client.signUp()).token, Buffer.from('after the restart\n'), { title: 'After' });
    const proof = await eventually(async () => {
      const response = await client.send({ method: 'GET', url: `/api/ledger/proof/${fresh.trNumber}` });
      return response.status === 200 ? response.json<{ blockNumber: number; batchId: number }>() : null;
    });
    expect(proof.blockNumber).toBeGreaterThan(before.anchor.blockNumber);
    expect(proof.batchId).toBeGreaterThan(before.batchId);
  });
});

/** The bundle with another registrant's name, nothing else changed. */
function renamed(bundle: Record<string, any>): Record<string, any> {
  return { ...bundle, registration: { ...bundle.registration, registrantName: 'Mallory Forger' } };
}

/** A forger's best try: the new name's commitment as the leaf of a one-leaf tree of its own (root = leaf hash). */
function rerooted(bundle: Record<string, any>): Record<string, any> {
  const data = registrationHashV2(bundle.registration);
  const leafHash = `0x${createHash('sha256').update(Buffer.concat([Buffer.from([0]), Buffer.from(data, 'hex')])).digest('hex')}`;
  return {
    ...bundle,
    registration: { ...bundle.registration, cryptographicHash: data },
    proof: { ...bundle.proof, leaf: { data, hash: leafHash, index: 0 }, treeSize: 1, path: [], root: leafHash },
  };
}

/** Every sibling replaced (or one invented when the batch held a single leaf): the path leads elsewhere. */
function forgedPath(path: readonly string[]): string[] {
  const forged = `0x${'ab'.repeat(32)}`;
  return path.length > 0 ? path.map(() => forged) : [forged];
}

const registryKey = async () => (await client.send({ method: 'GET', url: '/api/registry/public-key' })).json().publicKey as string;

function write(name: string, bundle: unknown): string {
  const file = path.join(files, name);
  writeFileSync(file, typeof bundle === 'string' ? bundle : JSON.stringify(bundle));
  return file;
}


/** cryptographic_hash version 2 of a registration, as docs/registration-hash.md defines it. */
function registrationHashV2(registration: Record<string, any>): string {
  return createHash('sha256').update(registrationHashPreimage({ ...registration, hashVersion: 2 })).digest('hex');
}
