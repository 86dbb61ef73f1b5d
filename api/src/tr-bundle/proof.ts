// The one place the `.tr` bundle and the certificate learn about the ledger: the Merkle proof and
// anchor from the ledger's `registration_proofs` read model. A pending registration has no proof,
// and the lookups tolerate the table's absence.
import type pg from 'pg';
import { bundleProof, chainStatus, findAnchoredProof } from '../anchoring/anchor-queries.js';
import { publicRpcUrl, type Config } from '../config.js';
import type { TrChain } from './bundle.js';

export interface AnchorInfo {
  readonly txHash: string | null;
  readonly blockNumber: string | null;
  readonly chainId: string | null;
}

/** The Merkle proof and anchor for the `.tr` bundle's `proof` field (docs/proof-format.md); null while pending. */
export async function loadProof(pool: pg.Pool, trNumber: string): Promise<unknown> {
  const row = await findAnchoredProof(pool, trNumber);
  return row ? bundleProof(row) : null;
}

/**
 * The chain a `.tr` names: its proof's chain id (while pending, the one the ledger anchors on; null
 * if it has not said) and the public RPC address, chosen as GET /api/ledger/proof chooses it.
 */
export async function loadChain(pool: pg.Pool, proof: unknown, config: Pick<Config, 'CHAIN_PUBLIC_RPC_URL' | 'publicUrl'>): Promise<TrChain> {
  const status = await chainStatus(pool);
  const rpcUrl = config.CHAIN_PUBLIC_RPC_URL ?? status?.public_rpc_url ?? publicRpcUrl(config);
  const anchored = (proof as { anchor?: { chainId?: unknown } } | null)?.anchor?.chainId;
  if (typeof anchored === 'number') return { chainId: anchored, rpcUrl };
  return { chainId: status?.chain_id ? Number(status.chain_id) : null, rpcUrl };
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
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- to_jsonb gives these columns as JSON scalars
    for (const name of names) if (row[name] !== undefined && row[name] !== null) return String(row[name]);
    return null;
  };
  return {
    txHash: pick('tx_hash', 'anchor_tx_hash', 'transaction_hash'),
    blockNumber: pick('block_number', 'anchor_block', 'block'),
    chainId: pick('chain_id'),
  };
}
