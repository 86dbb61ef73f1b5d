// The one place the `.tr` bundle and the certificate learn about the ledger. The ledger engineer
// fills these in (Merkle proof and anchor from `registration_proofs`); until then a registration
// has no proof and the lookups tolerate the table's absence.
import type pg from 'pg';

export interface AnchorInfo {
  readonly txHash: string | null;
  readonly blockNumber: string | null;
  readonly chainId: string | null;
}

/** The Merkle proof and anchor for the `.tr` bundle's `proof` field; null while pending. */
export async function loadProof(_pool: pg.Pool, _trNumber: string): Promise<unknown | null> {
  return null;
}

/** The anchor's transaction for the certificate, when the ledger's read model has one. */
export async function loadAnchor(pool: pg.Pool, trNumber: string): Promise<AnchorInfo | null> {
  const { rows: exists } = await pool.query<{ present: boolean }>(`SELECT to_regclass('registration_proofs') IS NOT NULL AS present`);
  if (!exists[0]?.present) return null;
  const { rows } = await pool.query<{ row: Record<string, unknown> }>(
    'SELECT to_jsonb(p) AS row FROM registration_proofs p WHERE p.tr_number = $1 LIMIT 1',
    [trNumber],
  );
  const row = rows[0]?.row;
  if (!row) return null;
  const pick = (...names: string[]) => {
    for (const name of names) if (row[name] !== undefined && row[name] !== null) return String(row[name]);
    return null;
  };
  return {
    txHash: pick('tx_hash', 'anchor_tx_hash', 'transaction_hash'),
    blockNumber: pick('block_number', 'anchor_block', 'block'),
    chainId: pick('chain_id'),
  };
}
