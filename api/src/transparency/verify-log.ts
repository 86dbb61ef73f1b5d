// The auditor's check of the transparency log (`npm run audit -- verify-log`): every checkpoint's
// signature, consistency between consecutive checkpoints (proofs from the stored tiles, checked against
// the signed roots), then the whole tree recomputed from the event store's log and compared leaf by leaf
// with what was logged and root by root with what was signed. The first disagreement is named by its
// leaf index (its position in the global order). Given a chain reader, every anchored checkpoint's root
// is also compared with the root the AnchorRegistry holds for its tree size.
import type pg from 'pg';
import { comparePositions, type Position } from '../eventstore/index.js';
import { HASH_SIZE, bytesEqual, toHex, treeRoot, verifyConsistency } from '../merkle/index.js';
import { openCheckpoint, openCheckpointSigned, type Checkpoint } from './checkpoint.js';
import { canonicalEventBytes, eventLeafHash, sha256 } from './log-format.js';
import { consistencyProof, listCheckpointAnchors, listCheckpoints, leafPosition, readHead, readSourceEvents, type CheckpointAnchor, type LogSource } from './log-store.js';
import { TILE_WIDTH, TileAppender } from './tiles.js';

/**
 * Reads what the chain holds for an anchored checkpoint: the root AnchorRegistry.checkpointOf(treeSize)
 * returns (0x + 64 hex, zero when unknown), or why it cannot be read here (another chain or contract).
 */
export type CheckpointAnchorReader = (treeSize: number, anchor: CheckpointAnchor) => Promise<{ readonly root: string } | { readonly skipped: string }>;

export type LogVerdict =
  | {
      readonly ok: true;
      readonly treeSize: number;
      readonly checkpoints: number;
      readonly unlogged: number;
      /** Anchored checkpoints whose root the chain confirmed, and those not checked (with why). */
      readonly anchors?: { readonly checked: number; readonly skipped: readonly string[] };
      /** A mirror's check: the local log's latest checkpoint it was compared with (null: there is none). */
      readonly localTreeSize?: number | null;
    }
  | { readonly ok: false; readonly position: number | null; readonly checkpoint: number | null; readonly reason: string };

const PAGE = 5000;

/**
 * `vkey` is one verifier key, or the registry's keys over time, oldest first (registryVerifierKeys):
 * then each checkpoint must also be signed within its key's validity, which the log itself records.
 * Key 0 is the deployment's; key k+1 is bound by the k-th `RegistryKeyRotated` event. A key never
 * signs a tree that holds the event retiring it (rotation runs while no ledger signs), and keys only
 * move forward: a checkpoint signed by a retired key (one leaked, say) is named.
 */
export async function verifyLog(pool: pg.Pool, source: LogSource, options: { readonly vkey: string | readonly string[]; readonly chain?: CheckpointAnchorReader }): Promise<LogVerdict> {
  const checkpoints = await listCheckpoints(pool, 0, Number.MAX_SAFE_INTEGER);
  const keyHistory = typeof options.vkey === 'string' ? null : options.vkey;
  /** Which of the registry's keys signed each checkpoint, by tree size (with a key history only). */
  const signerOf = new Map<number, number>();
  for (const checkpoint of checkpoints) {
    try {
      let opened: Checkpoint;
      if (keyHistory) {
        const signed = openCheckpointSigned(checkpoint.note, keyHistory);
        opened = signed.checkpoint;
        signerOf.set(checkpoint.treeSize, signed.signer);
      } else {
        opened = openCheckpoint(checkpoint.note, options.vkey);
      }
      if (opened.treeSize !== checkpoint.treeSize || !bytesEqual(opened.root, checkpoint.root)) throw new Error('the signed note does not say the size and root stored beside it');
    } catch (error) {
      return { ok: false, position: null, checkpoint: checkpoint.treeSize, reason: `checkpoint of size ${checkpoint.treeSize}: ${(error as Error).message}` };
    }
  }
  for (let i = 1; i < checkpoints.length; i++) {
    const [a, b] = [checkpoints[i - 1]!, checkpoints[i]!];
    if (a.treeSize === 0) continue;
    let consistent = false;
    try {
      consistent = verifyConsistency({ from: a.treeSize, to: b.treeSize, path: await consistencyProof(pool, a.treeSize, b.treeSize) }, a.root, b.root, sha256);
    } catch {
      consistent = false;
    }
    if (!consistent) {
      return { ok: false, position: null, checkpoint: b.treeSize, reason: `checkpoints of size ${a.treeSize} and ${b.treeSize} are not consistent (no append-only proof between them from the stored tree)` };
    }
  }

  const head = await readHead(pool);
  const treeSize = Math.max(head.size, checkpoints.at(-1)?.treeSize ?? 0);
  const bySize = new Map(checkpoints.map((c) => [c.treeSize, c]));
  const appender = new TileAppender(0, [], sha256);
  const rootNow = () => treeRoot(appender.size, appender.edgeReader(), sha256);
  const zero = bySize.get(0);
  if (zero && !bytesEqual(zero.root, rootNow())) return { ok: false, position: null, checkpoint: 0, reason: 'the empty-tree checkpoint has the wrong root' };

  let index = 0;
  let unlogged = 0;
  /** Leaf indexes of the RegistryKeyRotated events, in order. */
  const rotations: number[] = [];
  // The next page is read while this one is hashed.
  const prefetch = (after: Position | null) => {
    const page = readSourceEvents(source, after, PAGE);
    page.catch(() => undefined); // awaited below; an early verdict leaves it unobserved
    return page;
  };
  // So are the leaves the log recorded for it (a page never holds more than PAGE events).
  const prefetchLogged = (from: number) => {
    if (from >= treeSize) return null;
    const leaves = loggedLeaves(pool, from, PAGE);
    leaves.catch(() => undefined);
    return leaves;
  };
  let next = prefetch(null);
  let nextLogged = prefetchLogged(0);
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    next = prefetch(page.at(-1)!.position);
    const logged = (await nextLogged) ?? new Map<number, LoggedLeaf>();
    nextLogged = prefetchLogged(index + page.length);
    for (const { position, event } of page) {
      if (index >= treeSize) {
        if (event.type === 'RegistryKeyRotated') rotations.push(index + unlogged);
        unlogged += 1;
        continue;
      }
      const expected = logged.get(index);
      if (!expected) return { ok: false, position: index, checkpoint: null, reason: `position ${index}: the log has no leaf here (its leaves table was edited)` };
      if (expected.eventId !== event.eventId || comparePositions(expected.position, position) !== 0) {
        return {
          ok: false,
          position: index,
          checkpoint: null,
          reason: `position ${index}: the log has event ${expected.eventId} here, the event store has ${event.eventId} (an event was removed or inserted)`,
        };
      }
      const leafHash = eventLeafHash(canonicalEventBytes(event));
      if (expected.leafHash && !bytesEqual(expected.leafHash, leafHash)) {
        return { ok: false, position: index, checkpoint: null, reason: `position ${index}: event ${event.eventId} (${event.type} on ${event.streamId}) is not what was logged (its content was edited)` };
      }
      appender.append(leafHash);
      if (event.type === 'RegistryKeyRotated') rotations.push(index);
      index += 1;
      const checkpoint = bySize.get(index);
      if (checkpoint && !bytesEqual(checkpoint.root, rootNow())) {
        return { ok: false, position: null, checkpoint: index, reason: `checkpoint of size ${index}: the root recomputed from the events is ${toHex(rootNow())}, the signed one ${toHex(checkpoint.root)}` };
      }
    }
  }
  if (index < treeSize) {
    const logged = await loggedLeaves(pool, index, 1);
    return { ok: false, position: index, checkpoint: null, reason: `position ${index}: event ${logged.get(index)?.eventId ?? '?'} is logged but missing from the event store (removed)` };
  }
  if (keyHistory) {
    const misplaced = keyValidity(checkpoints, signerOf, rotations, keyHistory.length);
    if (misplaced) return { ok: false, position: null, ...misplaced };
  }
  const anchors = { checked: 0, skipped: [] as string[] };
  for (const checkpoint of await listCheckpointAnchors(pool, { anchoredOnly: true, limit: Number.MAX_SAFE_INTEGER })) {
    const anchor = checkpoint.anchor!;
    if (!options.chain) {
      anchors.skipped.push(`checkpoint ${checkpoint.treeSize}: no chain to read`);
      continue;
    }
    const onChain = await options.chain(checkpoint.treeSize, anchor);
    if ('skipped' in onChain) {
      anchors.skipped.push(`checkpoint ${checkpoint.treeSize}: ${onChain.skipped}`);
      continue;
    }
    if (onChain.root.toLowerCase() !== `0x${toHex(checkpoint.root)}`) {
      return {
        ok: false,
        position: null,
        checkpoint: checkpoint.treeSize,
        reason: `checkpoint of size ${checkpoint.treeSize}: the registry on chain ${anchor.chainId} (${anchor.contract}) holds root ${onChain.root} for it, the log ${toHex(checkpoint.root)} (anchored in ${anchor.txHash})`,
      };
    }
    anchors.checked += 1;
  }
  return { ok: true, treeSize, checkpoints: checkpoints.length, unlogged, anchors };
}

/** The first checkpoint signed outside its key's validity, or null (see verifyLog). */
function keyValidity(
  checkpoints: readonly { readonly treeSize: number }[],
  signerOf: ReadonlyMap<number, number>,
  rotations: readonly number[],
  keys: number,
): { checkpoint: number | null; reason: string } | null {
  if (rotations.length !== keys - 1) {
    return {
      checkpoint: null,
      reason: `the log records ${rotations.length} registry key rotation(s)${rotations.length ? ` (at position ${rotations.join(', ')})` : ''}, but ${keys} registry key(s) were given: the key history and the log disagree`,
    };
  }
  let previous = 0;
  for (const { treeSize } of checkpoints) {
    const signer = signerOf.get(treeSize) ?? 0;
    const retiredAt = rotations[signer];
    if (retiredAt !== undefined && treeSize > retiredAt) {
      return {
        checkpoint: treeSize,
        reason: `checkpoint of size ${treeSize} is signed by registry key ${signer}, which the rotation at position ${retiredAt} retired before that tree was made: signed by a retired key`,
      };
    }
    if (signer < previous) {
      return { checkpoint: treeSize, reason: `checkpoint of size ${treeSize} is signed by registry key ${signer} after checkpoints signed by key ${previous}: signed by a retired key` };
    }
    previous = signer;
  }
  return null;
}

interface LoggedLeaf {
  readonly eventId: string;
  /** Its event's position in the store's log. */
  readonly position: Position;
  readonly leafHash: Uint8Array | null;
}

/** Leaves [from, from + count) as the log recorded them: event, position, and leaf hash from the level-0 tiles. */
async function loggedLeaves(pool: pg.Pool, from: number, count: number): Promise<Map<number, LoggedLeaf>> {
  const [{ rows: leaves }, { rows: tiles }] = await Promise.all([
    pool.query<{ leaf_index: string; event_id: string; commit_position: string; prepare_position: string }>(
      'SELECT leaf_index, event_id, commit_position::text, prepare_position::text FROM tlog_leaves WHERE leaf_index >= $1 AND leaf_index < $2',
      [from, from + count],
    ),
    pool.query<{ tile_index: string; hashes: Buffer }>(
      'SELECT tile_index, hashes FROM tlog_tiles WHERE level = 0 AND tile_index >= $1 AND tile_index <= $2',
      [Math.floor(from / TILE_WIDTH), Math.floor((from + count) / TILE_WIDTH)],
    ),
  ]);
  const tileOf = new Map(tiles.map((t) => [Number(t.tile_index), t.hashes]));
  const out = new Map<number, LoggedLeaf>();
  for (const row of leaves) {
    const i = Number(row.leaf_index);
    const tile = tileOf.get(Math.floor(i / TILE_WIDTH));
    const offset = (i % TILE_WIDTH) * HASH_SIZE;
    const leafHash = tile && tile.length >= offset + HASH_SIZE ? new Uint8Array(tile.subarray(offset, offset + HASH_SIZE)) : null;
    out.set(i, { eventId: row.event_id, position: leafPosition(row), leafHash });
  }
  return out;
}
