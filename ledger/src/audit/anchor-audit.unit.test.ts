// verify-anchors' judgement on facts built here: an honest history passes; time decides when waiting
// is pending and when it is a problem; a registration skipped by the batches, a batch left behind, a
// public "registered" without an anchor, and tables that lag the log are each named.
import { Interface, Transaction, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { anchorRegistryAbi } from '@titleledger/contracts';
import { MerkleTree, hashFromHex, toHex } from '../merkle/index.js';
import type { BatchSealedData, RootAnchoredData } from '../anchoring/decider.js';
import { auditAnchors, type AuditInput, type LoggedBatch, type LoggedRegistration, type TableFacts } from './anchor-audit.js';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const anchorer = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const registry = new Interface(anchorRegistryAbi);
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const MINUTE = 60_000;

const registration = (n: number): LoggedRegistration => ({ trNumber: `TR-COPY-2026-${String(n).padStart(8, 'A')}`, hash: n.toString(16).padStart(64, '0'), at: at(n) });

async function sealAndAnchor(batchId: number, regs: readonly LoggedRegistration[], firstLeafIndex: number, anchored: boolean): Promise<LoggedBatch> {
  const root = `0x${toHex(MerkleTree.fromLeaves(regs.map((r) => hashFromHex(r.hash))).root)}`;
  const sealed: BatchSealedData = { batchId, root, leafCount: regs.length, firstLeafIndex, trNumbers: regs.map((r) => r.trNumber), hashes: regs.map((r) => r.hash) };
  if (!anchored) return { sealed, sealedAt: at(100 * batchId), anchor: null, anchoredAt: null };
  const rawTransaction = await anchorer.signTransaction({
    type: 0,
    chainId: 31337,
    nonce: batchId,
    gasPrice: 1n,
    gasLimit: 90_000n,
    to: CONTRACT,
    data: registry.encodeFunctionData('anchor', [batchId, root, regs.length]),
  });
  const anchor: RootAnchoredData = {
    batchId,
    root,
    chainId: 31337,
    contract: CONTRACT,
    txHash: Transaction.from(rawTransaction).hash!,
    blockNumber: batchId + 1,
    blockTimestamp: Math.floor(at(100 * batchId + 5).getTime() / 1000),
    rawTransaction,
  };
  return { sealed, sealedAt: at(100 * batchId), anchor, anchoredAt: at(100 * batchId + 6) };
}

/** Tables exactly as the ledger writes them from these batches. */
function tablesOf(batches: readonly LoggedBatch[], registered: readonly string[]): TableFacts {
  return {
    batches: batches.map(({ sealed, anchor }) => ({
      batchId: sealed.batchId,
      firstLeafIndex: sealed.firstLeafIndex,
      leafCount: sealed.leafCount,
      root: sealed.root,
      txHash: anchor?.txHash ?? null,
      rawTransaction: anchor?.rawTransaction ?? null,
      blockNumber: anchor?.blockNumber ?? null,
      blockTimestamp: anchor?.blockTimestamp ?? null,
      anchored: anchor !== null,
    })),
    leaves: batches.flatMap(({ sealed }) => sealed.trNumbers.map((trNumber, i) => ({ leafIndex: sealed.firstLeafIndex + i, trNumber, hash: sealed.hashes[i]! }))),
    proofs: batches.flatMap(({ sealed, anchor }) => {
      const tree = MerkleTree.fromLeaves(sealed.hashes.map(hashFromHex), { forProofs: true });
      return sealed.trNumbers.map((trNumber, i) => {
        const proof = tree.inclusionProof(i);
        return {
          trNumber,
          batchId: sealed.batchId,
          leafIndex: i,
          treeSize: sealed.leafCount,
          hash: sealed.hashes[i]!,
          leafHash: `0x${toHex(proof.leafHash)}`,
          path: proof.path.map((p) => `0x${toHex(p)}`),
          root: sealed.root,
          chainId: anchor?.chainId ?? null,
          contract: anchor?.contract ?? null,
          txHash: anchor?.txHash ?? null,
          blockNumber: anchor?.blockNumber ?? null,
          blockTimestamp: anchor?.blockTimestamp ?? null,
        };
      });
    }),
    registered,
  };
}

const regs = [1, 2, 3, 4, 5, 6].map(registration);

async function history(options: { lastAnchored: boolean }) {
  const batches = [await sealAndAnchor(1, regs.slice(0, 2), 0, true), await sealAndAnchor(2, regs.slice(2, 4), 2, options.lastAnchored)];
  const registered = batches.filter((b) => b.anchor).flatMap((b) => b.sealed.trNumbers);
  return { batches, registered };
}

function input(batches: readonly LoggedBatch[], registrations: readonly LoggedRegistration[], now: Date, tables?: TableFacts): AuditInput {
  return {
    log: { registrations, batches: new Map(batches.map((b) => [b.sealed.batchId, b])), malformed: [] },
    tables: tables ?? tablesOf(batches, batches.filter((b) => b.anchor).flatMap((b) => b.sealed.trNumbers)),
    chain: null,
    now,
    graceMs: 15 * MINUTE,
  };
}

describe('auditAnchors', () => {
  it('passes an honest history; the batch and the registrations still waiting are pending within the grace, problems after it', async () => {
    const { batches } = await history({ lastAnchored: false });
    const soon = auditAnchors(input(batches, regs, at(300)));
    expect(soon.problems).toEqual([]);
    expect(soon).toMatchObject({ ok: true, batches: 2, anchored: 1, registrations: 6 });
    expect(soon.pending).toEqual([
      'batch 2 (TR-COPY-2026-AAAAAAA3 and 1 more): sealed 100 s ago, not anchored yet (normal for the last batch)',
      '2 registration(s) not batched yet, the oldest TR-COPY-2026-AAAAAAA5 registered 5 min ago',
    ]);
    expect(soon.notChecked).toEqual(['batch 1 (TR-COPY-2026-AAAAAAA1 and 1 more): no chain was read']);

    const late = auditAnchors(input(batches, regs, at(3600)));
    expect(late.ok).toBe(false);
    expect(late.problems.map((p) => [p.batchId, p.trNumber])).toEqual([
      [2, 'TR-COPY-2026-AAAAAAA3'],
      [null, 'TR-COPY-2026-AAAAAAA5'],
    ]);
    expect(late.problems[0]!.message).toBe(
      'batch 2 (TR-COPY-2026-AAAAAAA3 and 1 more) was sealed 57 min ago and is still not anchored: is the ledger running, and its chain reachable (GET /api/health)?',
    );
    expect(late.problems[1]!.message).toMatch(/^2 registration\(s\) not batched yet, the oldest TR-COPY-2026-AAAAAAA5 registered 60 min ago: is the ledger running/);
  });

  it('names a registration the batches skipped, and a batch left unanchored behind a later one', async () => {
    const { batches } = await history({ lastAnchored: true });
    // Registration 7 comes before the batches' last registrations in the log, yet no batch holds it.
    const skipped = registration(7);
    const log = [...regs.slice(0, 3), skipped, ...regs.slice(3)];
    const audit = auditAnchors(input(batches, log, at(300)));
    expect(audit.problems).toEqual([{ batchId: null, trNumber: skipped.trNumber, message: `${skipped.trNumber} (registered ${at(7).toISOString()}) was never batched, though later registrations were` }]);

    const behind = [await sealAndAnchor(1, regs.slice(0, 2), 0, false), batches[1]!];
    const left = auditAnchors(input(behind, regs.slice(0, 4), at(300)));
    expect(left.problems[0]).toMatchObject({ batchId: 1, trNumber: 'TR-COPY-2026-AAAAAAA1', message: expect.stringContaining('is sealed but was never anchored, though batch 2 was sealed after it') });
  });

  it('shows "registered" only for an anchored batch, and lets a table lag the last batch only for the grace', async () => {
    const { batches } = await history({ lastAnchored: true });
    const faked = tablesOf(batches, [...batches.flatMap((b) => b.sealed.trNumbers), regs[4]!.trNumber]);
    expect(auditAnchors(input(batches, regs, at(300), faked)).problems).toEqual([
      { batchId: null, trNumber: regs[4]!.trNumber, message: `${regs[4]!.trNumber} shows as registered (registrations.status), but the log never batched it` },
    ]);

    // The worker writes ledger_batches and the proofs after the events: the last batch may be missing a moment.
    const tables = tablesOf(batches.slice(0, 1), batches[0]!.sealed.trNumbers);
    expect(auditAnchors(input(batches, regs.slice(0, 4), at(300), tables))).toMatchObject({ ok: true, pending: [expect.stringContaining('not in ledger_batches yet'), expect.stringContaining('registration_proofs has no row for TR-COPY-2026-AAAAAAA3 and 1 more yet')] });
    const late = auditAnchors(input(batches, regs.slice(0, 4), at(3600), tables));
    expect(late.problems.map((p) => p.message)).toEqual([
      'batch 2 (TR-COPY-2026-AAAAAAA3 and 1 more): ledger_batches has no row for it',
      'batch 2 (TR-COPY-2026-AAAAAAA3 and 1 more): registration_proofs has no row for TR-COPY-2026-AAAAAAA3 and 1 more',
    ]);
  });
});
