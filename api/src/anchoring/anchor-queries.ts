// Reads of the ledger's read models for the public verification API. The ledger service writes
// `registration_proofs` (one row per sealed registration, anchor columns once anchored) and
// `ledger_status` (its chain); the API never imports the ledger. Every lookup tolerates the tables'
// absence (an API deployed without the ledger answers "pending" and "unknown chain").
import type pg from 'pg';
import { isUndefinedTable } from '../db/missing.js';

export interface ProofRow {
  readonly tr_number: string;
  readonly batch_id: string;
  readonly leaf_index: number;
  readonly tree_size: number;
  readonly cryptographic_hash: string;
  readonly leaf_hash: string;
  readonly path: string[];
  readonly root: string;
  readonly chain_id: string | null;
  readonly contract: string | null;
  readonly tx_hash: string | null;
  readonly block_number: string | null;
  readonly block_timestamp: string | null;
  readonly anchored_at: Date | null;
}

export interface ChainStatusRow {
  readonly chain_id: string | null;
  readonly contract: string | null;
  readonly rpc_url: string | null;
  readonly public_rpc_url: string | null;
  readonly chain_reachable: boolean;
  readonly degraded: string | null;
}

async function tolerant<T>(query: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (isUndefinedTable(error)) return fallback;
    throw error;
  }
}

/** The registration's proof once its batch is anchored; null while pending (or unknown). */
export function findAnchoredProof(pool: pg.Pool, trNumber: string): Promise<ProofRow | null> {
  return tolerant(async () => {
    const { rows } = await pool.query<ProofRow>(
      'SELECT * FROM registration_proofs WHERE tr_number = $1 AND anchored_at IS NOT NULL',
      [trNumber],
    );
    return rows[0] ?? null;
  }, null);
}

export function chainStatus(pool: pg.Pool): Promise<ChainStatusRow | null> {
  return tolerant(async () => (await pool.query<ChainStatusRow>('SELECT * FROM ledger_status WHERE id = 1')).rows[0] ?? null, null);
}

export interface LedgerSummary {
  readonly pendingCount: number;
  readonly lastBatch: { batchId: number; leafCount: number; root: string } | null;
  readonly lastAnchorAt: string | null;
}

export async function ledgerSummary(pool: pg.Pool): Promise<LedgerSummary> {
  const pendingCount = await tolerant(async () => {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM registrations WHERE status = 'pending' AND NOT archived`);
    return Number(rows[0]!.n);
  }, 0);
  const last = await tolerant(async () => {
    const { rows } = await pool.query<{ batch_id: string; tree_size: number; root: string; anchored_at: Date }>(
      `SELECT batch_id, tree_size, root, anchored_at FROM registration_proofs
        WHERE anchored_at IS NOT NULL ORDER BY batch_id DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }, null);
  return {
    pendingCount,
    lastBatch: last ? { batchId: Number(last.batch_id), leafCount: last.tree_size, root: last.root } : null,
    lastAnchorAt: last ? last.anchored_at.toISOString() : null,
  };
}

/** The `.tr` bundle's `proof` member (docs/proof-format.md, "Proof"): integers and strings only. */
export function bundleProof(row: ProofRow): Record<string, unknown> {
  return {
    version: 1,
    hash: 'sha256',
    tree: 'rfc6962',
    leaf: { data: row.cryptographic_hash, hash: row.leaf_hash, index: row.leaf_index },
    treeSize: row.tree_size,
    path: row.path,
    root: row.root,
    batchId: Number(row.batch_id),
    anchor: {
      chainId: Number(row.chain_id),
      contract: row.contract,
      txHash: row.tx_hash,
      blockNumber: Number(row.block_number),
      blockTimestamp: Number(row.block_timestamp),
    },
  };
}
