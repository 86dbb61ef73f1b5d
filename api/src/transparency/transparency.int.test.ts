// The transparency log on a real Postgres: the tree extended in ragged batches across tile edges,
// checkpoints checked by a verifier written here from the C2SP specs alone, proofs and tiles over
// HTTP checked against an independent tree, bad queries answered 400, and tampering with the events
// table named by position.
import { createHash, createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApp, type RunningApp } from '@titleledger/api/runtime';
import { MerkleTree } from '../../../ledger/src/merkle/tree.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { toHex, verifyConsistency, verifyInclusionSync } from '../merkle/index.js';
import { registryKeyFromPem } from '../tr-bundle/registry-key.js';
import { extendLog, readEntries, signCheckpointIfDue } from './log-store.js';
import { logOrigin, logVerifierKey } from './log-service.js';
import { entriesPage } from './routes.js';
import { signedInStaff } from '../../../test/support/staff.js';
import type { TestApp } from '../../../test/support/app.js';
import { verifyLog } from './verify-log.js';

/**
 * A note verifier from https://c2sp.org/signed-note and https://c2sp.org/tlog-checkpoint only: split the
 * note at its last blank line, find the signature line whose key name and 4-byte key id (SHA-256 of
 * name || 0x0A || 0x01 || key) match, check the Ed25519 signature over the text, then read the body's
 * three lines. It shares no code with the log.
 */
function independentlyVerify(note: string, keyName: string, publicKey: KeyObject): { origin: string; size: number; root: Buffer } {
  const raw = publicKey.export({ format: 'jwk' }).x!;
  const rawKey = Buffer.from(raw, 'base64url');
  const keyId = createHash('sha256').update(`${keyName}\n`).update(Buffer.from([1])).update(rawKey).digest().subarray(0, 4);
  const cut = note.lastIndexOf('\n\n');
  const text = note.slice(0, cut + 1);
  const signatures = note.slice(cut + 2).split('\n').filter(Boolean);
  const ours = signatures
    .map((line) => /^\u2014 (\S+) (\S+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === keyName)
    .map((m) => Buffer.from(m[2]!, 'base64'))
    .find((sig) => sig.subarray(0, 4).equals(keyId));
  if (!ours) throw new Error('no signature by the key');
  if (!verify(null, Buffer.from(text), createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' }), ours.subarray(4))) {
    throw new Error('bad signature');
  }
  const [origin, size, root] = text.split('\n');
  return { origin: origin!, size: Number(size), root: Buffer.from(root!, 'base64') };
}

describe('the transparency log', () => {
  let running: RunningApp;
  const { privateKey } = generateKeyPairSync('ed25519');
  const key = registryKeyFromPem(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  const origin = logOrigin('https://titles.example/');
  const vkey = logVerifierKey(origin, key);
  const sign = () => signCheckpointIfDue(running.pool, { origin, signer: key, minIntervalMs: 0, now: new Date() });
  const get = async (url: string) => running.app!.inject({ method: 'GET', url });
  const total = 700; // two full level-0 tiles, a partial third; a level-1 tile of width 2

  beforeAll(async () => {
    const db = await createTestDatabase();
    await db.close();
    running = await runApp({
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tlog-')),
        LOG_LEVEL: 'silent',
        REGISTRY_SIGNING_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
      handleSignals: false,
      logger: pino({ level: 'silent' }),
    });
    for (let i = 0; i < total; i += 50) {
      await running.store.append(`log-${i % 7}`, Array.from({ length: 50 }, (_, j) => newEvent('Logged', { n: i + j, text: 'é\u2028"\\' })), 'any');
    }
    // Ragged batches (97 does not divide 256) with a checkpoint after each: 97, 194, …, 700.
    expect(await extendLog(running.pool, running.store, { batchSize: 0 })).toBe(0);
    while ((await extendLog(running.pool, running.store, { batchSize: 97 })) > 0) await sign();
  }, 60_000);
  afterAll(async () => running?.stop());

  it('logs every event once, in global order, and signs checkpoints a C2SP verifier accepts', async () => {
    const response = await get('/api/log/checkpoint');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const checkpoint = independentlyVerify(response.body, origin, key.publicKey);
    expect(checkpoint).toMatchObject({ origin: 'titles.example/api/log', size: total });

    // An independent tree (the ledger's batch tree) over the entries' bytes gives the signed root.
    const entries = await readEntries(running.pool, running.store, 0, total);
    expect(entries.map((e) => e.index)).toEqual([...Array(total).keys()]);
    const events = await running.store.readAll();
    expect(entries.map((e) => e.event.eventId)).toEqual(events.map((e) => e.metadata.eventId));
    expect(toHex(MerkleTree.fromLeaves(entries.map((e) => e.canonical)).root)).toBe(checkpoint.root.toString('hex'));
    // The leaf bytes are the JSON of the event's stored fields.
    expect(JSON.parse(entries[3]!.canonical.toString('utf8'))).toMatchObject({ format: 'titleledger.event/v1', type: 'Logged', data: { n: 3 } });

    expect((await get('/api/log/verifier-key')).body.trim()).toBe(vkey);
    // A forged note (one byte of the size changed) fails the independent verifier.
    expect(() => independentlyVerify(response.body.replace(`\n${total}\n`, `\n${total + 1}\n`), origin, key.publicKey)).toThrow(/bad signature/);
  });

  it('proves inclusion of any leaf and consistency between any two signed sizes', async () => {
    const entries = await readEntries(running.pool, running.store, 0, total);
    const tree = MerkleTree.fromLeaves(entries.map((e) => e.canonical));
    const rootOf = (n: number) => MerkleTree.fromLeaves(entries.slice(0, n).map((e) => e.canonical)).root;
    for (const [index, treeSize] of [[0, 1], [0, 700], [255, 700], [256, 700], [699, 700], [300, 485], [96, 97]] as const) {
      const response = await get(`/api/log/proof/inclusion?index=${index}&treeSize=${treeSize}`);
      expect(response.statusCode, `${index} in ${treeSize}`).toBe(200);
      const body = response.json<{ index: number; treeSize: number; path: string[] }>();
      expect(body).toMatchObject({ index, treeSize });
      const proof = { leafIndex: index, treeSize, leafHash: tree.leafHash(index), path: body.path.map((h) => Buffer.from(h, 'hex')) };
      expect(verifyInclusionSync(proof, rootOf(treeSize), sha256Node), `${index} in ${treeSize}`).toBe(true);
    }
    for (const [from, to] of [[97, 194], [97, 700], [1, 700], [256, 512], [511, 700], [700, 700]] as const) {
      const response = await get(`/api/log/proof/consistency?from=${from}&to=${to}`);
      expect(response.statusCode).toBe(200);
      const path = response.json<{ path: string[] }>().path.map((h) => Buffer.from(h, 'hex'));
      expect(verifyConsistency({ from, to, path }, rootOf(from), rootOf(to), sha256Node), `${from} → ${to}`).toBe(true);
      if (path.length > 0) expect(verifyConsistency({ from, to, path: path.slice(1) }, rootOf(from), rootOf(to), sha256Node)).toBe(false);
    }
  });

  it('serves the tree as C2SP hash tiles to anyone, its entry bundles to no stranger', async () => {
    const entries = await readEntries(running.pool, running.store, 0, total);
    const tree = MerkleTree.fromLeaves(entries.map((e) => e.canonical));
    const leafHashes = (from: number, to: number) => Buffer.concat(Array.from({ length: to - from }, (_, i) => tree.leafHash(from + i)));
    const full = await get('/api/log/tile/0/001');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/octet-stream');
    expect(full.rawPayload.equals(leafHashes(256, 512))).toBe(true);
    const partial = await get('/api/log/tile/0/002.p/188');
    expect(partial.rawPayload.equals(leafHashes(512, 700))).toBe(true);
    // An earlier checkpoint's partial tile stays available (a prefix of the wider one).
    expect((await get('/api/log/tile/0/002.p/3')).rawPayload.equals(leafHashes(512, 515))).toBe(true);
    const level1 = await get('/api/log/tile/1/000.p/2');
    expect(level1.rawPayload.equals(Buffer.concat([MerkleTree.fromLeaves(entries.slice(0, 256).map((e) => e.canonical)).root, MerkleTree.fromLeaves(entries.slice(256, 512).map((e) => e.canonical)).root]))).toBe(true);
    // The leaves are events, which name people: their bundles are for the auditor (the last test).
    for (const bundle of ['entries/000', 'entries/002.p/188', 'entries/003', 'entries/x']) {
      const response = await get(`/api/log/tile/${bundle}`);
      expect(response.statusCode, bundle).toBe(401);
      expect(response.json().message).toBe('Sign in as an auditor or the master admin to continue.');
    }
    for (const missing of ['0/003', '0/002', '0/002.p/189', '2/000', '0/x000/002', '0/2', '64/000', '0/002.p/256', '0/002.p/0', 'x/001']) {
      const response = await get(`/api/log/tile/${missing}`);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers malformed or impossible proof queries with a 400 that says what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['/api/log/proof/inclusion?index=abc&treeSize=5', /index must be a whole number/],
      ['/api/log/proof/inclusion?index=-1&treeSize=5', /index must be a whole number/],
      ['/api/log/proof/inclusion?index=1e3&treeSize=5000', /index must be a whole number/],
      ['/api/log/proof/inclusion?treeSize=5', /index is required/],
      ['/api/log/proof/inclusion?index=5&treeSize=5', /index must be below treeSize/],
      ['/api/log/proof/inclusion?index=0&treeSize=0', /treeSize must be at least 1/],
      ['/api/log/proof/inclusion?index=0&treeSize=99999999999999999999', /treeSize is too large \(at most 9007199254740991\)/],
      ['/api/log/proof/inclusion?index=0&treeSize=9999999999999999', /treeSize is too large \(at most 9007199254740991\)/],
      ['/api/log/proof/inclusion?index=0&treeSize=701', /beyond the latest checkpoint \(size 700\)/],
      ['/api/log/proof/consistency?from=5&to=4', /from must not be above to/],
      ['/api/log/proof/consistency?from=0&to=4', /from must be at least 1/],
      ['/api/log/proof/consistency?from=1&to=9000', /beyond the latest checkpoint/],
      ['/api/log/proof/consistency?from=%00&to=4', /from must be a whole number/],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(message);
    }
  });

  it('names only the parameter that is not a number, not a comparison with it (QA 38 finding 8)', async () => {
    const response = await get('/api/log/proof/consistency?from=abc&to=3');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/from must be a whole number/);
    expect(response.body).not.toMatch(/from must not be above to/);
  });

  it('answers "not anchored yet" as a normal 200, not a 404 (QA 38 finding 8)', async () => {
    const response = await get('/api/log/checkpoint/anchor');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ anchored: false, message: expect.stringMatching(/^No checkpoint is anchored on chain yet/) });
  });

  it('returns entries with their leaf bytes and decoded event', async () => {
    const page = await entriesPage(running.pool, running.store, 698, 10);
    expect(page.entries.map((e) => e.index)).toEqual([698, 699]);
    const entry = page.entries[0]!;
    expect(JSON.parse(Buffer.from(entry.canonical, 'base64').toString('utf8'))).toMatchObject({ eventId: (entry.event as { eventId: string }).eventId });
  });

  describe('verify-log', () => {
    it('passes on the untouched log', async () => {
      expect(await verifyLog(running.pool, running.store, { vkey })).toEqual({ ok: true, treeSize: total, checkpoints: 8, unlogged: 0, anchors: { checked: 0, skipped: [] } });
    });

    it('names the position of an edited event', async () => {
      const [row] = (await running.pool.query(`SELECT transaction_id::text AS tx, seq FROM es_events ORDER BY transaction_id, seq OFFSET 300 LIMIT 1`)).rows;
      await running.pool.query(`UPDATE es_events SET data = jsonb_set(data, '{n}', '9999') WHERE transaction_id = $1::xid8 AND seq = $2`, [row.tx, row.seq]);
      try {
        const verdict = await verifyLog(running.pool, running.store, { vkey });
        expect(verdict).toMatchObject({ ok: false, position: 300 });
        expect(!verdict.ok && verdict.reason).toMatch(/position 300: .* content was edited/);
      } finally {
        await running.pool.query(`UPDATE es_events SET data = jsonb_set(data, '{n}', '300') WHERE transaction_id = $1::xid8 AND seq = $2`, [row.tx, row.seq]);
      }
      expect((await verifyLog(running.pool, running.store, { vkey })).ok).toBe(true);
    });

    it('names the position of a deleted event', async () => {
      const [row] = (await running.pool.query(`SELECT * FROM es_events ORDER BY transaction_id, seq OFFSET 511 LIMIT 1`)).rows;
      await running.pool.query(`DELETE FROM es_events WHERE event_id = $1`, [row.event_id]);
      try {
        const verdict = await verifyLog(running.pool, running.store, { vkey });
        expect(verdict).toMatchObject({ ok: false, position: 511 });
        expect(!verdict.ok && verdict.reason).toMatch(/removed or inserted/);
      } finally {
        await running.pool.query(
          `INSERT INTO es_events (transaction_id, seq, event_id, stream_id, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [row.transaction_id, row.seq, row.event_id, row.stream_id, row.revision, row.type, row.data, row.metadata],
        );
      }
    });

    it('names the position of an inserted event, and of the last event deleted', async () => {
      const [row] = (await running.pool.query(`SELECT transaction_id::text AS tx, seq FROM es_events ORDER BY transaction_id, seq OFFSET 49 LIMIT 1`)).rows;
      // Slipped in after position 49, the last event of the first append's transaction, as if it had always been there.
      await running.pool.query(
        `INSERT INTO es_events (transaction_id, seq, event_id, stream_id, revision, type, data, metadata)
         VALUES ($1::xid8, $2::bigint + 1000000, gen_random_uuid(), 'forged', 0, 'Logged', '{}', '{}')`,
        [row.tx, row.seq],
      );
      try {
        expect(await verifyLog(running.pool, running.store, { vkey })).toMatchObject({ ok: false, position: 50 });
      } finally {
        await running.pool.query(`DELETE FROM es_events WHERE stream_id = 'forged'`);
      }
      const [last] = (await running.pool.query(`SELECT * FROM es_events ORDER BY transaction_id DESC, seq DESC LIMIT 1`)).rows;
      await running.pool.query(`DELETE FROM es_events WHERE event_id = $1`, [last.event_id]);
      const verdict = await verifyLog(running.pool, running.store, { vkey });
      expect(verdict).toMatchObject({ ok: false, position: total - 1 });
      expect(!verdict.ok && verdict.reason).toMatch(/missing from the event store/);
    });

    it('refuses a checkpoint signed by another key', async () => {
      const other = registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
      const verdict = await verifyLog(running.pool, running.store, { vkey: logVerifierKey(origin, other) });
      expect(verdict).toMatchObject({ ok: false, checkpoint: 97 });
      expect(!verdict.ok && verdict.reason).toMatch(/no signature by titles.example\/api\/log/);
    });
  });
  // Last: signing staff in appends events of their own.
  it('serves entries and entry bundles to an auditor or a master admin only, with a 400 for a bad page', async () => {
    const testApp = { running } as TestApp;
    const master = await signedInStaff(testApp, 'master_admin');
    const admin = await signedInStaff(testApp, 'admin3');
    const auditor = await signedInStaff(testApp, 'auditor');
    const as = (token: string | null, url: string) => running.app!.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const entries = await readEntries(running.pool, running.store, 0, 256);
    for (const reader of [master, auditor]) {
      const response = await as(reader.token, '/api/log/tile/entries/000');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const bundle = response.rawPayload;
      const fromBundle: Buffer[] = [];
      for (let at = 0; at < bundle.length; ) {
        const length = bundle.readUInt16BE(at);
        fromBundle.push(bundle.subarray(at + 2, at + 2 + length));
        at += 2 + length;
      }
      expect(fromBundle).toHaveLength(256);
      expect(fromBundle.every((bytes, i) => bytes.equals(entries[i]!.canonical))).toBe(true);
    }
    expect((await as(auditor.token, '/api/log/tile/entries/000.p/3')).rawPayload.length).toBeGreaterThan(6);
    for (const missing of ['entries/009', 'entries/x000/002', 'entries/000.p/0']) {
      const response = await as(auditor.token, `/api/log/tile/${missing}`);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await as(admin.token, '/api/log/tile/entries/000')).statusCode).toBe(403);
    const page = await as(master.token, '/api/log/entries?from=0&limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().entries.map((e: { index: number }) => e.index)).toEqual([0, 1]);
    expect((await as(admin.token, '/api/log/entries?from=0')).statusCode).toBe(403);
    const signedOut = await as(null, '/api/log/entries?from=0');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('Sign in as an auditor or the master admin to continue.');
    const bad = await as(master.token, '/api/log/entries?from=0&limit=5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit must be at most 1000/);
  });

  // After the tamper tests: the last event is gone, so a run must fail naming position total - 1.
  it('gives an auditor the checkpoints and a server-side verify-log, one run at a time, with its verdict recorded', async () => {
    const testApp = { running } as TestApp;
    const auditor = await signedInStaff(testApp, 'auditor');
    const as = (method: 'GET' | 'POST', url: string) => running.app!.inject({ method, url, headers: { authorization: `Bearer ${auditor.token}` } });

    const reply = await as('GET', '/api/audit/checkpoints?limit=3');
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.total).toBe(8);
    // 8 checkpoints thinned to every 4th, the latest kept.
    expect(body.checkpoints.map((c: { treeSize: number }) => c.treeSize)).toEqual([97, 485, total]);
    expect(body.checkpoints.every((c: { signatureOk: boolean }) => c.signatureOk)).toBe(true);
    expect(body.verifierKey).toBe(vkey);
    expect(independentlyVerify(body.latestNote, origin, key.publicKey).size).toBe(total);
    const badLimit = await as('GET', '/api/audit/checkpoints?limit=1');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toMatch(/limit must be at least 2/);

    // Another instance's run holds the lock: this one is refused, not queued.
    const other = await running.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [0x61756476]);
      const busy = await as('POST', '/api/audit/verify-log');
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toMatch(/already under way/);
      await other.query('SELECT pg_advisory_unlock($1)', [0x61756476]);
    } finally {
      other.release();
    }

    const started = await as('POST', '/api/audit/verify-log');
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json().run;
    expect(run).toMatchObject({ kind: 'verify-log', status: 'running', source: 'api', startedBy: { id: auditor.id, email: auditor.email }, completedAt: null });
    await expect
      .poll(async () => (await as('GET', '/api/audit/runs')).json().runs.find((r: { id: number }) => r.id === run.id)?.status)
      .toBe('failed');
    const [finished] = (await as('GET', '/api/audit/runs')).json().runs;
    expect(finished).toMatchObject({ id: run.id, startedBy: { id: auditor.id, email: auditor.email }, firstBadPosition: total - 1, summary: expect.stringMatching(/^verify-log: FAILED — position 699: /), completedAt: expect.any(String) });
  });

});

function sha256Node(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}
