// The event log's transparency tree in Postgres, and the background step that extends it.
//
// Its leaves come from the event store's global order through the port (`readAll`), whichever
// adapter holds the log (Postgres, EventStoreDB): a leaf records its event's position, and an entry
// is read back from the store at that position. Only the tree itself (leaves, tiles, checkpoints)
// lives in Postgres, beside the read models.
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
import { START, eventStoreMigrations, formatPosition, isAfter, type EventStore, type Position, type RecordedEvent } from '../eventstore/index.js';
import { auditRunMigrations } from './audit-runs.js';
import { inTransaction } from '../db/pool.js';
import { HASH_SIZE, consistencyRanges, inclusionRanges, nodesOf, rangeHash, type LeafRange, type NodeId } from '../merkle/index.js';
import { signCheckpoint, type NoteSigner } from './checkpoint.js';
import { canonicalEventBytes, eventLeafHash, sha256, type LogEvent } from './log-format.js';
import { rawPublicKey } from '../tr-bundle/registry-key.js';
import { TILE_WIDTH, TileAppender, edgeTiles, nodeReader, tileKey, tilesForNodes, type Tile } from './tiles.js';

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
  ...auditRunMigrations,
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
  {
    id: 'eventstore/005-tlog-leaf-positions',
    sql: `
      -- A leaf names its event by the port's position (commit, prepare), not by Postgres's own
      -- (transaction_id, seq): the log can then stand over any adapter. Postgres's positions are
      -- those same numbers; EventStoreDB's are unsigned 64-bit, hence numeric(20).
      ALTER TABLE tlog_leaves ADD COLUMN commit_position numeric(20), ADD COLUMN prepare_position numeric(20);
      UPDATE tlog_leaves SET commit_position = transaction_id::text::numeric, prepare_position = seq;
      -- Expand, not contract (docs/operations.md, Upgrade): processes of the previous version may run
      -- on during a rolling upgrade. They read leaves by (transaction_id, seq), which this version
      -- still writes on the Postgres adapter, and they write only those, which the trigger turns
      -- into positions. A later version drops both columns and the trigger.
      ALTER TABLE tlog_leaves
        ALTER COLUMN commit_position SET NOT NULL,
        ALTER COLUMN prepare_position SET NOT NULL,
        ALTER COLUMN transaction_id DROP NOT NULL,
        ALTER COLUMN seq DROP NOT NULL;
      CREATE FUNCTION tlog_leaf_legacy_position() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.commit_position := NEW.transaction_id::text::numeric;
        NEW.prepare_position := NEW.seq;
        RETURN NEW;
      END $$;
      CREATE TRIGGER tlog_leaf_legacy_position BEFORE INSERT ON tlog_leaves
        FOR EACH ROW WHEN (NEW.commit_position IS NULL) EXECUTE FUNCTION tlog_leaf_legacy_position();
    `,
  },
  {
    id: 'eventstore/006-tlog-key-rotations',
    sql: `
      -- The RegistryKeyRotated events in the tree, by leaf (written with the leaves): a checkpoint of a
      -- tree holding a rotation is signed by the key it bound, never by the one it retired.
      CREATE TABLE tlog_key_rotations (
        leaf_index bigint PRIMARY KEY,
        fingerprint text NOT NULL
      );
      -- Rotations already in the tree, where Postgres holds the log (a process started with a key
      -- retired before this version refuses to start anyway: the registry key check).
      DO $$ BEGIN
        IF to_regclass('es_events') IS NOT NULL THEN
          INSERT INTO tlog_key_rotations (leaf_index, fingerprint)
          SELECT l.leaf_index, e.data->>'fingerprint' FROM tlog_leaves l JOIN es_events e ON e.event_id = l.event_id
           WHERE e.type = 'RegistryKeyRotated';
        END IF;
      END $$;
    `,
  },
];

/**
 * The event log's tables in Postgres: the Postgres adapter's own when it holds the log (none with
 * EventStoreDB) and the transparency tree's (always: it stands over either store).
 */
export function eventLogMigrations(logInPostgres: boolean): readonly Migration[] {
  return [...(logInPostgres ? eventStoreMigrations : []), ...transparencyMigrations];
}

type Queryable = pg.Pool | pg.PoolClient;

/**
 * Where the log's leaves come from: the event store's global order, through the port (any adapter).
 * `kind` 'postgres' also writes each leaf's (transaction_id, seq), which the previous version reads
 * (migration eventstore/005).
 */
export type LogSource = Pick<EventStore, 'readAll'> & { readonly kind?: EventStore['kind'] };

/**
 * An event as the log hashes it: its stored fields. Its id is the one its metadata carries (appends
 * store that id beside it); metadata edited by hand into something else gives '' and fails its leaf.
 */
export function toLogEvent(event: RecordedEvent): LogEvent {
  const metadata: unknown = event.metadata;
  const eventId = typeof metadata === 'object' && metadata !== null && 'eventId' in metadata && typeof metadata.eventId === 'string' ? metadata.eventId : '';
  return { eventId, streamId: event.streamId, revision: Number(event.revision), type: event.type, data: event.data, metadata };
}

/** A page of the log's source: events in global order after `after` (null: from the start). */
export async function readSourceEvents(source: LogSource, after: Position | null, limit: number): Promise<{ position: Position; event: LogEvent }[]> {
  const events = await source.readAll({ from: after ?? START, maxCount: limit });
  return events.map((event) => ({ position: event.position, event: toLogEvent(event) }));
}

/** A `tlog_leaves` row's position (its columns read as text). */
export const leafPosition = (row: { commit_position: string; prepare_position: string }): Position => ({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });

export interface LogHead {
  readonly size: number;
  readonly last: Position | null;
}

export async function readHead(db: Queryable): Promise<LogHead> {
  const { rows } = await db.query<{ leaf_index: string; commit_position: string; prepare_position: string }>(
    'SELECT leaf_index, commit_position::text, prepare_position::text FROM tlog_leaves ORDER BY leaf_index DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? { size: Number(row.leaf_index) + 1, last: leafPosition(row) } : { size: 0, last: null };
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
export async function extendLog(pool: pg.Pool, source: LogSource, options: { batchSize?: number } = {}): Promise<number> {
  const head = await readHead(pool);
  if (options.batchSize === 0) return 0;
  const events = await readSourceEvents(source, head.last, options.batchSize ?? 5000);
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
        `INSERT INTO tlog_leaves (leaf_index, commit_position, prepare_position, event_id, transaction_id, seq)
         SELECT leaf, c, p, e, CASE WHEN $5::boolean THEN c::text::xid8 END, CASE WHEN $5::boolean THEN p::bigint END
           FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::uuid[]) AS t(leaf, c, p, e)`,
        [
          events.map((_, i) => head.size + i),
          events.map((e) => e.position.commit.toString()),
          events.map((e) => e.position.prepare.toString()),
          events.map((e) => e.event.eventId),
          source.kind === 'postgres',
        ],
      );
      await writeTiles(client, tiles);
      const rotations = events.flatMap(({ event }, i) =>
        event.type === 'RegistryKeyRotated' ? [{ leaf: head.size + i, fingerprint: String((event.data as { fingerprint?: unknown }).fingerprint) }] : [],
      );
      if (rotations.length > 0) {
        await client.query('INSERT INTO tlog_key_rotations (leaf_index, fingerprint) SELECT * FROM unnest($1::bigint[], $2::text[])', [
          rotations.map((r) => r.leaf),
          rotations.map((r) => r.fingerprint),
        ]);
      }
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

/**
 * Full tiles never change (a tile grows only at the right edge, and once 256 wide it is final), so
 * proofs keep them in memory per pool: a proof at 10,000,000 leaves then reads at most the few edge
 * tiles from Postgres, in one query. Bounded (least recently used first out); partial tiles are
 * never cached. A tile edited by hand in the database is not seen by a warm cache: verify-log's leaf
 * and root checks read the tables directly.
 */
const FULL_TILE_BYTES = TILE_WIDTH * HASH_SIZE;
const TILE_CACHE_LIMIT = 4096; // × 8 KiB = 32 MiB at most per pool
const tileCaches = new WeakMap<Queryable, Map<string, Uint8Array>>();

async function proofTiles(db: Queryable, wanted: readonly { level: number; index: number }[]): Promise<Map<string, Uint8Array>> {
  let cache = tileCaches.get(db);
  if (!cache) tileCaches.set(db, (cache = new Map<string, Uint8Array>()));
  const tiles = new Map<string, Uint8Array>();
  const missing: { level: number; index: number }[] = [];
  for (const tile of wanted) {
    const key = tileKey(tile.level, tile.index);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit); // most recently used last
      tiles.set(key, hit);
    } else {
      missing.push(tile);
    }
  }
  for (const [key, hashes] of await readTiles(db, missing)) {
    tiles.set(key, hashes);
    if (hashes.length !== FULL_TILE_BYTES) continue;
    cache.set(key, hashes);
    if (cache.size > TILE_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return tiles;
}

async function hashRanges(db: Queryable, ranges: readonly LeafRange[]): Promise<Uint8Array[]> {
  const nodes: NodeId[] = nodesOf(ranges);
  const read = nodeReader(await proofTiles(db, tilesForNodes(nodes)), sha256);
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

/**
 * Checkpoints oldest first, thinned evenly to about `limit` (the first and the latest always kept),
 * and how many there are in all: the audit page's chart of the tree growing.
 */
export async function sampleCheckpoints(db: Queryable, limit: number): Promise<{ total: number; checkpoints: StoredCheckpoint[] }> {
  const { rows } = await db.query<{ tree_size: string; root: Buffer; note: string; signed_at: Date; total: string }>(
    `SELECT tree_size, root, note, signed_at, total FROM (
       SELECT *, row_number() OVER (ORDER BY tree_size) - 1 AS rn, count(*) OVER () AS total FROM tlog_checkpoints
     ) c
      WHERE rn % greatest(1, ceil(total::numeric / ($1::int - 1)))::bigint = 0 OR rn = total - 1
      ORDER BY tree_size`,
    [limit],
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    checkpoints: rows.map((row) => ({ treeSize: Number(row.tree_size), root: new Uint8Array(row.root), note: row.note, signedAt: row.signed_at })),
  };
}

export interface CheckpointPolicy {
  /** The checkpoint origin (and note key name); the first checkpoint's origin is kept for good. */
  readonly origin: string;
  readonly signer: Omit<NoteSigner, 'name'>;
  /** At most one checkpoint per this many ms (0: whenever the tree grew). */
  readonly minIntervalMs: number;
  readonly now: Date;
}

/** This process's registry key was retired: it signs no checkpoint until it runs with the new one. */
export class RetiredSignerError extends Error {
  constructor(readonly currentFingerprint: string) {
    super(
      `The registry key this process signs checkpoints with was retired (the current one is ${currentFingerprint}): ` +
        'it signs no more checkpoints. Restart it with the new REGISTRY_SIGNING_KEY (docs/operations.md, Rotate keys).',
    );
    this.name = 'RetiredSignerError';
  }
}

/**
 * The current registry key when it is not `fingerprint`, whose checkpoint of the tree of `size`
 * leaves would then be signed by a retired key (the rule verify-log checks): the key the last
 * rotation in that tree bound (a rotation logged before its key was recorded), or the last key
 * recorded in `registry_keys` (a process restarted with the new key may have signed already).
 */
async function retiredFor(db: Queryable, size: number, fingerprint: string): Promise<string | null> {
  const { rows } = await db.query<{ in_tree: string | null; recorded: boolean }>(
    `SELECT (SELECT fingerprint FROM tlog_key_rotations WHERE leaf_index < $1 ORDER BY leaf_index DESC LIMIT 1) AS in_tree,
            to_regclass('registry_keys') IS NOT NULL AS recorded`,
    [size],
  );
  const inTree = rows[0]?.in_tree ?? null;
  if (inTree !== null && inTree !== fingerprint) return inTree;
  if (!rows[0]?.recorded) return null; // a log without the registry's tables (tests of the log alone)
  const { rows: keys } = await db.query<{ fingerprint: string }>('SELECT fingerprint FROM registry_keys ORDER BY position DESC LIMIT 1');
  const current = keys[0]?.fingerprint;
  return current !== undefined && current !== fingerprint ? current : null;
}

/**
 * Signs a checkpoint of the current tree if it grew since the last one and the interval has passed;
 * throws RetiredSignerError when the signer's key was rotated away (a process still running with it
 * while `npm run chain -- rotate-key` ran: its checkpoint would be signed by a retired key).
 */
export async function signCheckpointIfDue(pool: pg.Pool, policy: CheckpointPolicy): Promise<StoredCheckpoint | null> {
  const [head, last] = await Promise.all([readHead(pool), latestCheckpoint(pool)]);
  if (last && (head.size <= last.treeSize || policy.now.getTime() - last.signedAt.getTime() < policy.minIntervalMs)) return null;
  const current = await retiredFor(pool, head.size, `0x${Buffer.from(sha256(rawPublicKey(policy.signer.publicKey))).toString('hex')}`);
  if (current) throw new RetiredSignerError(current);
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

/**
 * Entries [from, from + limit) of the tree, with their leaf bytes recomputed from the events as the
 * store holds them now: the log read after leaf from − 1's position, each leaf given the event at its
 * own position (one read, unless events that were never logged sit among them: then on up to the last
 * leaf's position). A leaf whose event is no longer at its position is left out (verify-log names it).
 */
export async function readEntries(db: Queryable, source: LogSource, from: number, limit: number): Promise<LogEntry[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query<{ leaf_index: string; commit_position: string; prepare_position: string }>(
    `SELECT leaf_index, commit_position::text, prepare_position::text FROM tlog_leaves
      WHERE leaf_index >= $1 AND leaf_index < $2 ORDER BY leaf_index`,
    [from - 1, from + limit],
  );
  const leaves = rows.map((row) => ({ index: Number(row.leaf_index), position: leafPosition(row) }));
  const before = from === 0 ? START : leaves[0]?.index === from - 1 ? leaves.shift()!.position : null;
  if (before === null || leaves.length === 0) return [];
  const wanted = new Set(leaves.map((leaf) => formatPosition(leaf.position)));
  const last = leaves.at(-1)!.position;
  const byPosition = new Map<string, RecordedEvent>();
  for (let after = before; ; ) {
    const page = await source.readAll({ from: after, maxCount: limit });
    for (const event of page) if (wanted.has(formatPosition(event.position))) byPosition.set(formatPosition(event.position), event);
    if (page.length < limit || byPosition.size === wanted.size || !isAfter(last, page.at(-1)!.position)) break;
    after = page.at(-1)!.position;
  }
  return leaves.flatMap(({ index, position }) => {
    const recorded = byPosition.get(formatPosition(position));
    if (!recorded) return [];
    const event = toLogEvent(recorded);
    return [{ index, canonical: canonicalEventBytes(event), event }];
  });
}
