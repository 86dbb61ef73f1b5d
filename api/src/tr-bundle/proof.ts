// The one place the `.tr` bundle and the certificate learn about the ledger: the Merkle proof and
// anchor from the ledger's `registration_proofs` read model. A pending registration has no proof,
// and the lookups tolerate the table's absence.
import type pg from 'pg';
import { bundleProof, chainStatus, findAnchoredProof } from '../anchoring/anchor-queries.js';
import { publicRpcUrl, type Config } from '../config.js';
import { isUndefinedTable } from '../db/missing.js';
import { findRegistrations, type RegistrationRow } from '../registrations/queries.js';
import type { TrChain } from './bundle.js';

interface AnchorInfo {
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

/** A registration and its anchor's transaction: what a certificate is made from. */
export interface RegistrationWithAnchor {
  readonly registration: RegistrationRow;
  /** The ledger's proof row for it (null fields until anchored); null before its batch is sealed. */
  readonly anchor: AnchorInfo | null;
}

type JoinedRow = RegistrationRow & { proof_present: boolean; proof_tx_hash: string | null; proof_block_number: string | null; proof_chain_id: string | null };

/**
 * The registrations among `trNumbers` with their anchors, by TR number, in one query (the
 * certificate routes ask on every request, and the requests of one turn ask together). A database
 * without the ledger's read model (an API started before the ledger's migrations ran) has no
 * anchor to show.
 */
export async function findRegistrationsWithAnchors(pool: pg.Pool, trNumbers: readonly string[]): Promise<Map<string, RegistrationWithAnchor>> {
  let rows: JoinedRow[];
  try {
    ({ rows } = await pool.query<JoinedRow>(
      `SELECT r.*, p.tr_number IS NOT NULL AS proof_present, p.tx_hash AS proof_tx_hash,
              p.block_number::text AS proof_block_number, p.chain_id::text AS proof_chain_id
         FROM registrations r LEFT JOIN registration_proofs p ON p.tr_number = r.tr_number
        WHERE r.tr_number = ANY($1::text[])`,
      [trNumbers],
    ));
  } catch (error) {
    if (!isUndefinedTable(error)) throw error;
    return new Map((await findRegistrations(pool, trNumbers)).map((registration) => [registration.tr_number, { registration, anchor: null }]));
  }
  return new Map(
    rows.map(({ proof_present, proof_tx_hash, proof_block_number, proof_chain_id, ...registration }) => [
      registration.tr_number,
      { registration, anchor: proof_present ? { txHash: proof_tx_hash, blockNumber: proof_block_number, chainId: proof_chain_id } : null },
    ]),
  );
}
