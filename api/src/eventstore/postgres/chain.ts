// Tamper evidence for the Postgres log. A background step walks the log in global order and
// records, for each event, hash_i = SHA-256(hash_{i-1} || canonical(event_i)), with a checkpoint
// every CHECKPOINT_EVERY events. Appends never wait for it. `verifyChain` recomputes everything
// from es_events, so an edited, removed or inserted event shows up as the first mismatch.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { inTransaction } from '../../db/pool.js';

export const CHECKPOINT_EVERY = 1000;
export const GENESIS_HASH: Buffer = Buffer.alloc(32);

interface ChainSourceRow {
  tx_id: string;
  seq: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: string;
  metadata: string;
}

/** The exact bytes hashed for one event: a JSON array of its stored fields, jsonb as Postgres prints it. */
export function canonicalEventBytes(row: Omit<ChainSourceRow, 'tx_id' | 'seq'>): Buffer {
  return Buffer.from(
    JSON.stringify([row.event_id, row.stream_id, row.revision, row.type, row.data, row.metadata]),
    'utf8',
  );
}

export function chainHash(previous: Buffer, row: Omit<ChainSourceRow, 'tx_id' | 'seq'>): Buffer {
  return createHash('sha256').update(previous).update(canonicalEventBytes(row)).digest();
}

// tx_id is aliased so that ORDER BY sorts the xid8 column, not its text.
const SOURCE = `SELECT transaction_id::text AS tx_id, seq, event_id, stream_id, revision::text, type, data::text, metadata::text
  FROM es_events
 WHERE (transaction_id, seq) > ($1::text::xid8, $2::bigint)
   AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
 ORDER BY transaction_id, seq LIMIT $3`;

interface ChainHead {
  index: bigint;
  tx: string;
  seq: string;
  hash: Buffer;
}

async function readHead(pool: pg.Pool): Promise<ChainHead> {
  const { rows } = await pool.query<{ chain_index: string; tx_id: string; seq: string; hash: Buffer }>(
    'SELECT chain_index, transaction_id::text AS tx_id, seq, hash FROM es_chain ORDER BY chain_index DESC LIMIT 1',
  );
  const row = rows[0];
  return row
    ? { index: BigInt(row.chain_index), tx: row.tx_id, seq: row.seq, hash: row.hash }
    : { index: -1n, tx: '0', seq: '0', hash: GENESIS_HASH };
}

/** Extends the chain by at most `batchSize` events; returns how many were chained. */
export async function extendChain(pool: pg.Pool, batchSize = 5000): Promise<number> {
  const head = await readHead(pool);
  const { rows } = await pool.query<ChainSourceRow>(SOURCE, [head.tx, head.seq, batchSize]);
  if (rows.length === 0) return 0;
  const indexes: string[] = [];
  const txs: string[] = [];
  const seqs: string[] = [];
  const ids: string[] = [];
  const hashes: Buffer[] = [];
  const checkpoints: { index: string; hash: Buffer }[] = [];
  let previous = head.hash;
  let index = head.index;
  for (const row of rows) {
    index += 1n;
    previous = chainHash(previous, row);
    indexes.push(index.toString());
    txs.push(row.tx_id);
    seqs.push(row.seq);
    ids.push(row.event_id);
    hashes.push(previous);
    if ((index + 1n) % BigInt(CHECKPOINT_EVERY) === 0n) checkpoints.push({ index: index.toString(), hash: previous });
  }
  await inTransaction(pool, async (client) => {
    // The primary key on chain_index makes a second, concurrent chainer fail instead of forking the chain.
    await client.query(
      `INSERT INTO es_chain (chain_index, transaction_id, seq, event_id, hash)
       SELECT * FROM unnest($1::bigint[], $2::text[]::xid8[], $3::bigint[], $4::uuid[], $5::bytea[])`,
      [indexes, txs, seqs, ids, hashes],
    );
    for (const checkpoint of checkpoints) {
      await client.query('INSERT INTO es_chain_checkpoints (chain_index, hash) VALUES ($1, $2)', [checkpoint.index, checkpoint.hash]);
    }
  });
  return rows.length;
}

export interface Chainer {
  stop(): Promise<void>;
}

/** Runs `extendChain` until stopped. */
export function startChainer(pool: pg.Pool, options: { intervalMs?: number; onError?: (e: unknown) => void } = {}): Chainer {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      try {
        const chained = await extendChain(pool);
        if (chained > 0) continue;
      } catch (error) {
        if (!stopped) options.onError?.(error);
      }
      await sleep(options.intervalMs ?? 200);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export type ChainVerdict =
  | { readonly ok: true; readonly checked: number }
  | { readonly ok: false; readonly checked: number; readonly chainIndex: string; readonly reason: string };

/** Recomputes the chain from es_events and compares it with what was recorded. */
export async function verifyChain(pool: pg.Pool): Promise<ChainVerdict> {
  let previous: Buffer = GENESIS_HASH;
  let checked = 0;
  let cursor = { tx: '0', seq: '0' };
  for (;;) {
    const { rows: recorded } = await pool.query<{ chain_index: string; event_id: string; hash: Buffer }>(
      'SELECT chain_index, event_id, hash FROM es_chain WHERE chain_index >= $1 ORDER BY chain_index LIMIT 5000',
      [checked],
    );
    if (recorded.length === 0) return { ok: true, checked };
    const { rows: events } = await pool.query<ChainSourceRow>(SOURCE, [cursor.tx, cursor.seq, recorded.length]);
    for (let i = 0; i < recorded.length; i += 1) {
      const entry = recorded[i]!;
      const event = events[i];
      if (entry.chain_index !== String(checked)) {
        return { ok: false, checked, chainIndex: entry.chain_index, reason: 'chain index skipped' };
      }
      if (!event || event.event_id !== entry.event_id) {
        return { ok: false, checked, chainIndex: entry.chain_index, reason: 'event removed or inserted' };
      }
      previous = chainHash(previous, event);
      if (!previous.equals(entry.hash)) {
        return { ok: false, checked, chainIndex: entry.chain_index, reason: 'event content changed' };
      }
      cursor = { tx: event.tx_id, seq: event.seq };
      checked += 1;
    }
  }
}
