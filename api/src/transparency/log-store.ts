// The event log's transparency tree in Postgres, and the background step that extends it.
//
// Two steps, as in the ledger (sequencing / integration):
// - `extendLog` MUST give every event of the global order, in that order, exactly one leaf index
//   (`tlog_leaves`), and MUST write the tiles (`tlog_tiles`) that hold the new leaf hashes in the
//   same transaction. It MUST NOT run inside an append: appends never wait for it. Two extenders
//   racing meet the leaf_index primary key: one commits, the other's batch rolls back.
// - `signCheckpointIfDue` MUST sign only a tree size whose leaves are all written, and MUST NOT sign
//   two different roots for one size (tree_size is the key).
// Proofs are computed by index from the tiles (`inclusionProof`, `consistencyProof`): no leaf is
// ever searched for.
import type pg from 'pg';
import type { Migration } from '../db/migrate.js';
import { inTransaction } from '../db/pool.js';
import { consistencyRanges, inclusionRanges, nodesOf, rangeHash, type LeafRange, type NodeId } from '../merkle/index.js';
import { signCheckpoint, type NoteSigner } from './checkpoint.js';
import { canonicalEventBytes, eventLeafHash, sha256, type LogEvent } from './log-format.js';
import { TileAppender, edgeTiles, nodeReader, tileKey, tilesForNodes, type Tile } from './tiles.js';

export const transparencyMigrations: readonly Migration[] = [
  {
    id: 'eventstore/003-transparency-log',
    sql: `
      -- The linear chain (002) is replaced by the RFC 6962 tree below.
      DROP TABLE IF EXISTS es_chain, es_chain_checkpoints;
      -- Leaf index → event, in global order (written by the log extender, never by appends).
      CREATE TABLE tlog_leaves (
        leaf_index bigint PRIMARY KEY,
        transaction_id xid8 NOT NULL,
        seq bigint NOT NULL,
        event_id uuid NOT NULL
      );
      -- C2SP tlog-tiles: 256 hashes of tree level 8*level per full tile; the right-edge tile of
      -- each level is kept at its current width and grows in place.
      CREATE TABLE tlog_tiles (
        level smallint NOT NULL,
        tile_index bigint NOT NULL,
        hashes bytea NOT NULL,
        PRIMARY KEY (level, tile_index)
      );
      -- Signed checkpoints (C2SP tlog-checkpoint as signed notes), one per tree size.
      CREATE TABLE tlog_checkpoints (
        tree_size bigint PRIMARY KEY,
        root bytea NOT NULL,
        note text NOT NULL,
        signed_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 'eventstore/004-checkpoint-anchors',
    sql: `
      -- A checkpoint's anchor on chain (AnchorRegistry.anchorCheckpoint), written by the ledger: the
      -- transaction it signed (saved before broadcast, so a restart re-sends the same bytes), then
      -- where it was mined. The CheckpointAnchored event on checkpoint-<tree_size> is the record.
      ALTER TABLE tlog_checkpoints
        ADD COLUMN anchor_nonce bigint,
        ADD COLUMN anchor_raw_transaction text,
        ADD COLUMN anchor_tx_hash text,
        ADD COLUMN anchor_chain_id bigint,
        ADD COLUMN anchor_contract text,
        ADD COLUMN anchor_block_number bigint,
        ADD COLUMN anchor_block_timestamp bigint,
        ADD COLUMN anchored_at timestamptz;
    `,
  },
];

type Queryable = pg.Pool | pg.PoolClient;

interface SourceRow {
  tx_id: string;
  seq: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/**
 * Events after (tx, seq) in global order, only those no running transaction can still precede
 * (the event store's own visibility rule). tx_id is aliased so ORDER BY sorts the xid8, not its text.
 */
const SOURCE = `SELECT transaction_id::text AS tx_id, seq, event_id, stream_id, revision::text, type, data, metadata
  FROM es_events
 WHERE (transaction_id, seq) > ($1::text::xid8, $2::bigint)
   AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
 ORDER BY transaction_id, seq LIMIT $3`;

export function toLogEvent(row: Pick<SourceRow, 'event_id' | 'stream_id' | 'revision' | 'type' | 'data' | 'metadata'>): LogEvent {
  return { eventId: row.event_id, streamId: row.stream_id, revision: Number(row.revision), type: row.type, data: row.data, metadata: row.metadata };
}

/** A page of the log's source: events in global order after `after` (null: from the start). */
export async function readSourceEvents(
  db: Queryable,
  after: { tx: string; seq: string } | null,
  limit: number,
): Promise<{ position: { tx: string; seq: string }; event: LogEvent }[]> {
  const { rows } = await db.query<SourceRow>(SOURCE, [after?.tx ?? '0', after?.seq ?? '0', limit]);
  return rows.map((row) => ({ position: { tx: row.tx_id, seq: row.seq }, event: toLogEvent(row) }));
}

export interface LogHead {
  readonly size: number;
  readonly last: { tx: string; seq: string } | null;
}

export async function readHead(db: Queryable): Promise<LogHead> {
  const { rows } = await db.query<{ leaf_index: string; tx_id: string; seq: string }>(
    'SELECT leaf_index, transaction_id::text AS tx_id, seq FROM tlog_leaves ORDER BY leaf_index DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? { size: Number(row.leaf_index) + 1, last: { tx: row.tx_id, seq: row.seq } } : { size: 0, last: null };
}

export async function readTiles(db: Queryable, wanted: readonly { level: number; index: number }[]): Promise<Map<string, Uint8Array>> {
  const tiles = new Map<string, Uint8Array>();
  if (wanted.length === 0) return tiles;
  const { rows } = await db.query<{ level: number; tile_index: string; hashes: Buffer }>(
    `SELECT level, tile_index, hashes FROM tlog_tiles
      WHERE (level, tile_index) IN (SELECT * FROM unnest($1::smallint[], $2::bigint[]))`,
    [wanted.map((t) => t.level), wanted.map((t) => t.index)],
  );
  for (const row of rows) tiles.set(tileKey(row.level, Number(row.tile_index)), new Uint8Array(row.hashes));
  return tiles;
}

/** Extends the tree by at most `batchSize` events; returns how many leaves were added. */
export async function extendLog(pool: pg.Pool, options: { batchSize?: number } = {}): Promise<number> {
  const head = await readHead(pool);
  const events = await readSourceEvents(pool, head.last, options.batchSize ?? 5000);
  if (events.length === 0) return 0;
  const edge = edgeTiles(head.size).filter((t) => t.width > 0);
  const stored = await readTiles(pool, edge);
  const appender = new TileAppender(
    head.size,
    edge.map((t) => ({ level: t.level, index: t.index, hashes: stored.get(tileKey(t.level, t.index)) ?? new Uint8Array(0) })),
    sha256,
  );
  for (const { event } of events) appender.append(eventLeafHash(canonicalEventBytes(event)));
  const tiles = appender.changed();
  try {
    await inTransaction(pool, async (client) => {
      await client.query(
        `INSERT INTO tlog_leaves (leaf_index, transaction_id, seq, event_id)
         SELECT * FROM unnest($1::bigint[], $2::text[]::xid8[], $3::bigint[], $4::uuid[])`,
        [events.map((_, i) => head.size + i), events.map((e) => e.position.tx), events.map((e) => e.position.seq), events.map((e) => e.event.eventId)],
      );
      await writeTiles(client, tiles);
    });
  } catch (error) {
    // Another extender took these indexes first: its leaves stand, ours are dropped.
    if ((error as { code?: string }).code === '23505') return 0;
    throw error;
  }
  return events.length;
}

async function writeTiles(client: pg.PoolClient, tiles: readonly Tile[]): Promise<void> {
  await client.query(
    `INSERT INTO tlog_tiles (level, tile_index, hashes)
     SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])
     ON CONFLICT (level, tile_index) DO UPDATE SET hashes = EXCLUDED.hashes
      WHERE length(EXCLUDED.hashes) > length(tlog_tiles.hashes)`,
    [tiles.map((t) => t.level), tiles.map((t) => t.index), tiles.map((t) => Buffer.from(t.hashes))],
  );
}

/** The root of the tree of `size` leaves, from the tiles. */
export async function rootAt(db: Queryable, size: number): Promise<Uint8Array> {
  return hashRanges(db, [{ start: 0, end: size }]).then(([root]) => root!);
}

async function hashRanges(db: Queryable, ranges: readonly LeafRange[]): Promise<Uint8Array[]> {
  const nodes: NodeId[] = nodesOf(ranges);
  const read = nodeReader(await readTiles(db, tilesForNodes(nodes)), sha256);
  return ranges.map((range) => rangeHash(range, read, sha256));
}

export interface StoredCheckpoint {
  readonly treeSize: number;
  readonly root: Uint8Array;
  readonly note: string;
  readonly signedAt: Date;
}

/** Where a checkpoint was anchored on chain. */
export interface CheckpointAnchor {
  readonly chainId: number;
  readonly contract: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly blockTimestamp: number;
}

export interface AnchoredCheckpoint extends StoredCheckpoint {
  readonly anchor: CheckpointAnchor | null;
}

/** Checkpoints from `fromSize` on (oldest first), each with its anchor if it has one; `anchoredOnly` skips the others. */
export async function listCheckpointAnchors(
  db: Queryable,
  options: { readonly fromSize?: number; readonly limit?: number; readonly anchoredOnly?: boolean; readonly latestFirst?: boolean } = {},
): Promise<AnchoredCheckpoint[]> {
  const { rows } = await db.query<{
    tree_size: string;
    root: Buffer;
    note: string;
    signed_at: Date;
    anchor_chain_id: string | null;
    anchor_contract: string | null;
    anchor_tx_hash: string | null;
    anchor_block_number: string | null;
    anchor_block_timestamp: string | null;
  }>(
    `SELECT tree_size, root, note, signed_at, anchor_chain_id, anchor_contract, anchor_tx_hash, anchor_block_number, anchor_block_timestamp
       FROM tlog_checkpoints
      WHERE tree_size >= $1 AND ($2::boolean IS FALSE OR anchored_at IS NOT NULL)
      ORDER BY tree_size ${options.latestFirst ? 'DESC' : 'ASC'} LIMIT $3`,
    [options.fromSize ?? 0, options.anchoredOnly ?? false, options.limit ?? 10_000],
  );
  return rows.map((row) => ({
    treeSize: Number(row.tree_size),
    root: new Uint8Array(row.root),
    note: row.note,
    signedAt: row.signed_at,
    anchor:
      row.anchor_block_number === null
        ? null
        : {
            chainId: Number(row.anchor_chain_id),
            contract: row.anchor_contract!,
            txHash: row.anchor_tx_hash!,
            blockNumber: Number(row.anchor_block_number),
            blockTimestamp: Number(row.anchor_block_timestamp),
          },
  }));
}

export async function latestCheckpoint(db: Queryable): Promise<StoredCheckpoint | null> {
  const { rows } = await db.query<{ tree_size: string; root: Buffer; note: string; signed_at: Date }>(
    'SELECT tree_size, root, note, signed_at FROM tlog_checkpoints ORDER BY tree_size DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? { treeSize: Number(row.tree_size), root: new Uint8Array(row.root), note: row.note, signedAt: row.signed_at } : null;
}

export async function listCheckpoints(db: Queryable, fromSize = 0, limit = 10_000): Promise<StoredCheckpoint[]> {
  const { rows } = await db.query<{ tree_size: string; root: Buffer; note: string; signed_at: Date }>(
    'SELECT tree_size, root, note, signed_at FROM tlog_checkpoints WHERE tree_size >= $1 ORDER BY tree_size LIMIT $2',
    [fromSize, limit],
  );
  return rows.map((row) => ({ treeSize: Number(row.tree_size), root: new Uint8Array(row.root), note: row.note, signedAt: row.signed_at }));
}

export interface CheckpointPolicy {
  /** The checkpoint origin (and note key name); the first checkpoint's origin is kept for good. */
  readonly origin: string;
  readonly signer: Omit<NoteSigner, 'name'>;
  /** At most one checkpoint per this many ms (0: whenever the tree grew). */
  readonly minIntervalMs: number;
  readonly now: Date;
}

/** Signs a checkpoint of the current tree if it grew since the last one and the interval has passed. */
export async function signCheckpointIfDue(pool: pg.Pool, policy: CheckpointPolicy): Promise<StoredCheckpoint | null> {
  const [head, last] = await Promise.all([readHead(pool), latestCheckpoint(pool)]);
  if (last && (head.size <= last.treeSize || policy.now.getTime() - last.signedAt.getTime() < policy.minIntervalMs)) return null;
  // Keep the log's identity: an origin changes only with a new log.
  const origin = last ? last.note.slice(0, last.note.indexOf('\n')) : policy.origin;
  const root = await rootAt(pool, head.size);
  const note = signCheckpoint({ origin, treeSize: head.size, root }, { ...policy.signer, name: origin });
  const { rows } = await pool.query<{ tree_size: string }>(
    'INSERT INTO tlog_checkpoints (tree_size, root, note, signed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tree_size) DO NOTHING RETURNING tree_size',
    [head.size, Buffer.from(root), note, policy.now],
  );
  return rows.length > 0 ? { treeSize: head.size, root, note, signedAt: policy.now } : null;
}

/** Audit path of leaf `index` in the tree of `treeSize` leaves (the caller checks treeSize ≤ a signed size). */
export async function inclusionProof(db: Queryable, index: number, treeSize: number): Promise<Uint8Array[]> {
  return hashRanges(db, inclusionRanges(index, treeSize));
}

export async function consistencyProof(db: Queryable, from: number, to: number): Promise<Uint8Array[]> {
  return hashRanges(db, consistencyRanges(from, to));
}

export interface LogEntry {
  readonly index: number;
  readonly canonical: Buffer;
  readonly event: LogEvent;
}

/** Entries [from, from + limit) of the tree, with their leaf bytes recomputed from the events as stored now. */
export async function readEntries(db: Queryable, from: number, limit: number): Promise<LogEntry[]> {
  const { rows } = await db.query<SourceRow & { leaf_index: string }>(
    `SELECT l.leaf_index, e.event_id, e.stream_id, e.revision::text, e.type, e.data, e.metadata
       FROM tlog_leaves l JOIN es_events e ON e.transaction_id = l.transaction_id AND e.seq = l.seq
      WHERE l.leaf_index >= $1 AND l.leaf_index < $2 ORDER BY l.leaf_index`,
    [from, from + limit],
  );
  return rows.map((row) => {
    const event = toLogEvent(row);
    return { index: Number(row.leaf_index), canonical: canonicalEventBytes(event), event };
  });
}
