// `npm run audit -- verify-anchors` on a running ledger (embedded Postgres and Hardhat chain): six
// registrations anchored in two batches pass; then each tampering an operator could do by hand is named
// by batch and TR number: a ledger_batches root edited, a batch whose leaves were changed in the log,
// and a RootAnchored whose root the chain does not hold (the registry has another root for that batch).
// The CLI runs once, as an auditor runs it (the embedded chain rebuilt from the log: ~5 s a run); the
// other cases are checked in-process against the ledger's own chain.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnchorChain, verifyAnchors, verifyAnchorsSummary, type AuditChain } from '@titleledger/ledger';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { runScript } from './cli.js';
import { appendRegistration, eventually, newRegistration, type TestRegistration } from './registrations.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-anchor-audit-'));
let databaseUrl: string;
let app: TestApp;
/** Batch 1 holds the first three, batch 2 the last three (LEDGER_BATCH_SIZE=3 seals a batch when it is full). */
const registrations: TestRegistration[] = [];

const audit = (...args: string[]) =>
  runScript('scripts/audit.mjs', args, { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://titleledger.test' });

/** Waits until every registration so far is anchored and recorded (the tables follow the events). */
async function allAnchored(): Promise<void> {
  await eventually(async () => {
    const { rows } = await app.running.pool.query<{ proofs: string; batches: string }>(
      `SELECT (SELECT count(*) FROM registration_proofs WHERE anchored_at IS NOT NULL) AS proofs,
              (SELECT count(*) FROM ledger_batches WHERE anchored_at IS NULL) AS batches`,
    );
    return Number(rows[0]!.proofs) === registrations.length && rows[0]!.batches === '0';
  }, 90_000, `${registrations.length} registrations anchored`);
}

/** The chain the running ledger anchors on, as the auditor's command would read it. */
async function ledgerChain(): Promise<AuditChain> {
  const { rows } = await app.running.pool.query<{ chain_id: string; contract: string; rpc_url: string }>('SELECT chain_id, contract, rpc_url FROM ledger_status');
  const status = rows[0]!;
  const chain = new AnchorChain({ rpcUrl: status.rpc_url, contract: status.contract, privateKey: Wallet.createRandom().privateKey });
  return { chain, chainId: Number(status.chain_id), description: "the ledger's chain", replayMismatches: [], close: () => Promise.resolve() };
}

/** Edits one event's data by hand for the duration of `check`, as an operator with psql could. */
async function withEventEdited(streamId: string, type: string, edit: string, values: unknown[], check: () => Promise<void>): Promise<void> {
  const { pool } = app.running;
  const { rows } = await pool.query<{ event_id: string; data: unknown }>('SELECT event_id, data FROM es_events WHERE stream_id = $1 AND type = $2', [streamId, type]);
  const original = rows[0]!;
  await pool.query(`UPDATE es_events SET data = ${edit} WHERE event_id = $1`, [original.event_id, ...values]);
  try {
    await check();
  } finally {
    await pool.query('UPDATE es_events SET data = $2 WHERE event_id = $1', [original.event_id, JSON.stringify(original.data)]);
  }
}

beforeAll(async () => {
  const db = await createTestDatabase();
  databaseUrl = db.url;
  await db.close();
  app = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LEDGER_BATCH_SIZE: '3', LEDGER_BATCH_SECONDS: '300', PUBLIC_URL: 'http://titleledger.test' });
  for (let group = 0; group < 2; group++) {
    const batch = Array.from({ length: 3 }, () => newRegistration());
    for (const registration of batch) await appendRegistration(app.running.store, registration);
    registrations.push(...batch);
    await allAnchored();
  }
});
afterAll(async () => app?.stop());

describe('npm run audit -- verify-anchors', () => {
  it('passes an honest log', async () => {
    const { pool, store } = app.running;
    const chain = await ledgerChain();
    const verdict = await verifyAnchors(pool, store, { chain });
    expect(verdict).toMatchObject({ ok: true, problems: [], pending: [], notChecked: [], batches: 2, anchored: 2, registrations: 6, checkedOnChain: 2 });
    expect(verifyAnchorsSummary(verdict, chain.description)).toBe(
      "verify-anchors: OK — 2 batch(es) of 6 registration(s): every root recomputed from the leaves the log holds agrees with BatchSealed, RootAnchored, ledger_batches, ledger_leaves and registration_proofs; 2 anchored root(s) match the ledger's chain",
    );
  });

  it('the command names the batch and first TR of a ledger_batches root edited by hand, reading the chain rebuilt from the log', async () => {
    const { pool } = app.running;
    const { rows } = await pool.query<{ root: string }>('SELECT root FROM ledger_batches WHERE batch_id = 1');
    const forged = `0x${'ab'.repeat(32)}`;
    await pool.query('UPDATE ledger_batches SET root = $1 WHERE batch_id = 1', [forged]);
    try {
      const edited = await audit('verify-anchors');
      expect(edited.stdout).toContain(
        `verify-anchors: FAILED — 1 problem(s); the first: batch 1 (${registrations[0]!.trNumber} and 2 more): ledger_batches differs from the log: root is ${forged}, BatchSealed says ${rows[0]!.root}`,
      );
      // Everything else was read and agrees, the chain included (every anchor was checked on it).
      expect(edited.stdout).not.toMatch(/not checked|pending/);
      expect(edited.stderr).not.toMatch(/\n\s+at /); // a verdict, not a stack trace
      expect(edited.code).toBe(1);
      // Recorded for the audit page like the other audit commands.
      const { rows: runs } = await pool.query('SELECT kind, status, summary FROM audit_runs ORDER BY id DESC LIMIT 1');
      expect(runs).toEqual([{ kind: 'verify-anchors', status: 'failed', summary: expect.stringContaining('ledger_batches differs from the log: root is') }]);
    } finally {
      await pool.query('UPDATE ledger_batches SET root = $1 WHERE batch_id = 1', [rows[0]!.root]);
    }
  }, 120_000);

  it('names a batch whose leaves were changed in the log, by the first TR that disagrees', async () => {
    const { pool, store } = app.running;
    const chain = await ledgerChain();
    const changed = 'c'.repeat(64);
    const victim = registrations[4]!; // leaf 1 of batch 2
    await withEventEdited('batch-2', 'BatchSealed', `jsonb_set(data, '{hashes,1}', to_jsonb($2::text))`, [changed], async () => {
      const verdict = await verifyAnchors(pool, store, { chain });
      expect(verdict.ok).toBe(false);
      expect(verdict.problems[0]).toEqual({
        batchId: 2,
        trNumber: victim.trNumber,
        message: `batch 2 (${registrations[3]!.trNumber} and 2 more): leaf 1 (${victim.trNumber}) holds hash ${changed}, but its TitleRegistered has ${victim.cryptographicHash}: the batch's leaves were changed`,
      });
      // The leaves no longer give the sealed (and anchored) root either.
      expect(verdict.problems[1]).toMatchObject({ batchId: 2, trNumber: victim.trNumber, message: expect.stringMatching(/: its 3 leaves give root 0x[0-9a-f]{64}, but BatchSealed says 0x/) });
    });
  });

  it('names a RootAnchored whose root the chain does not hold, with the root the registry has for that batch', async () => {
    const { pool, store } = app.running;
    const chain = await ledgerChain();
    const { rows } = await pool.query<{ root: string; tx_hash: string }>('SELECT root, tx_hash FROM ledger_batches WHERE batch_id = 1');
    const forged = `0x${'cd'.repeat(32)}`;
    await withEventEdited('batch-1', 'RootAnchored', `jsonb_set(data, '{root}', to_jsonb($2::text))`, [forged], async () => {
      const verdict = await verifyAnchors(pool, store, { chain });
      expect(verdict.ok).toBe(false);
      expect(verdict.problems.every((p) => p.batchId === 1 && p.trNumber === registrations[0]!.trNumber)).toBe(true);
      expect(verdict.problems.map((p) => p.message)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^batch 1 \\(${registrations[0]!.trNumber} and 2 more\\): root ${forged} is not anchored in the registry on chain 31337 at 0x[0-9a-fA-F]{40}; it holds root ${rows[0]!.root} for batch 1 \\(transaction ${rows[0]!.tx_hash}, block \\d+\\), the log's RootAnchored says ${forged}$`,
          ),
        ),
      );
      expect(verdict.checkedOnChain).toBe(1);
    });
  });
});
