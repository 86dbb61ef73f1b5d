// `npm run audit -- verify-log --from-mirror URL`: checks a copy of the log fetched with plain GETs
// (C2SP tlog-tiles: URL/checkpoint, URL/tile/entries/…), e.g. our own /api/log (its entry bundles with
// an auditor's session: AUDIT_MIRROR_TOKEN), a mirror of it, or an `export` directory. The mirror's checkpoint must carry our signature; the tree
// recomputed from its entry bundles must give that checkpoint's root; each leaf is compared with the
// local log's, and the mirror's checkpoint must be consistent with the local latest one. Each entry is
// read too: every event once (no event id twice) and each stream in order (revisions 0, 1, 2… in log
// order), which anyone holding the entries can check without our database.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { HASH_SIZE, bytesEqual, toHex, treeRoot, verifyConsistency } from '../merkle/index.js';
import { openCheckpoint } from './checkpoint.js';
import { eventLeafHash, sha256 } from './log-format.js';
import { consistencyProof, latestCheckpoint } from './log-store.js';
import { TILE_WIDTH, TileAppender, encodeTileIndex } from './tiles.js';
import type { LogVerdict } from './verify-log.js';

async function getBytes(base: string, relative: string, token: string | undefined): Promise<Buffer> {
  if (!/^https?:\/\//.test(base)) return readFile(path.join(base, ...relative.split('/')));
  const response = await fetch(`${base.replace(/\/+$/, '')}/${relative}`, {
    signal: AbortSignal.timeout(30_000),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  if (!response.ok) throw new Error(`GET ${relative}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * `token`: a staff session (auditor or master admin) sent as a bearer with every GET: our own
 * /api/log serves entry bundles to them only (their events name people).
 */
export async function verifyMirror(url: string, options: { readonly vkey: string | readonly string[]; readonly pool: pg.Pool; readonly token?: string }): Promise<LogVerdict> {
  let size: number;
  let root: Uint8Array;
  try {
    ({ treeSize: size, root } = openCheckpoint((await getBytes(url, 'checkpoint', options.token)).toString('utf8'), options.vkey));
  } catch (error) {
    return { ok: false, position: null, checkpoint: null, reason: `the mirror's checkpoint: ${(error as Error).message}` };
  }
  const appender = new TileAppender(0, [], sha256);
  /** Where each event id was seen, and each stream's next revision. */
  const seen = new Map<string, number>();
  const nextRevision = new Map<string, number>();
  for (let start = 0; start < size; start += TILE_WIDTH) {
    const width = Math.min(TILE_WIDTH, size - start);
    const name = `tile/entries/${encodeTileIndex(start / TILE_WIDTH)}${width < TILE_WIDTH ? `.p/${width}` : ''}`;
    let bundle: Buffer;
    try {
      bundle = await getBytes(url, name, options.token);
    } catch (error) {
      return { ok: false, position: start, checkpoint: null, reason: `position ${start}: the mirror does not serve ${name} (${(error as Error).message})` };
    }
    const { rows } = await options.pool.query<{ hashes: Buffer }>('SELECT hashes FROM tlog_tiles WHERE level = 0 AND tile_index = $1', [start / TILE_WIDTH]);
    const local = rows[0]?.hashes;
    let at = 0;
    for (let i = 0; i < width; i++) {
      const index = start + i;
      if (at + 2 > bundle.length) return { ok: false, position: index, checkpoint: null, reason: `position ${index}: missing from the mirror's entry bundle` };
      const length = bundle.readUInt16BE(at);
      const bytes = bundle.subarray(at + 2, at + 2 + length);
      const leafHash = eventLeafHash(bytes);
      at += 2 + length;
      const disorder = outOfOrder(bytes, index, seen, nextRevision);
      if (disorder) return { ok: false, position: index, checkpoint: null, reason: `position ${index}: ${disorder}` };
      const mine = local && local.length >= (i + 1) * HASH_SIZE ? local.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE) : null;
      if (mine && !bytesEqual(mine, leafHash)) return { ok: false, position: index, checkpoint: null, reason: `position ${index}: the mirror's entry differs from the local log's` };
      appender.append(leafHash);
    }
  }
  const recomputed = treeRoot(size, appender.edgeReader(), sha256);
  if (!bytesEqual(recomputed, root)) {
    return { ok: false, position: null, checkpoint: size, reason: `the mirror's entries give root ${toHex(recomputed)}, its signed checkpoint of size ${size} says ${toHex(root)}` };
  }
  const local = await latestCheckpoint(options.pool);
  if (local && size > local.treeSize) {
    return { ok: false, position: null, checkpoint: size, reason: `the mirror's checkpoint (size ${size}) is ahead of the local log (size ${local.treeSize}): it was not copied from this log` };
  }
  if (local && size > 0) {
    let consistent = false;
    try {
      const path = size === local.treeSize ? [] : await consistencyProof(options.pool, size, local.treeSize);
      consistent = verifyConsistency({ from: size, to: local.treeSize, path }, root, local.root, sha256);
    } catch {
      consistent = false;
    }
    if (!consistent) return { ok: false, position: null, checkpoint: size, reason: `the mirror's checkpoint (size ${size}) is not consistent with the local one (size ${local.treeSize})` };
  }
  return { ok: true, treeSize: size, checkpoints: 1, unlogged: 0, localTreeSize: local?.treeSize ?? null };
}

/** Why the entry at `index` breaks "every event once, each stream in order", or null (and notes it as seen). */
function outOfOrder(bytes: Uint8Array, index: number, seen: Map<string, number>, nextRevision: Map<string, number>): string | null {
  let entry: { eventId?: unknown; streamId?: unknown; revision?: unknown };
  try {
    entry = JSON.parse(Buffer.from(bytes).toString('utf8')) as typeof entry;
  } catch {
    return 'the entry is not an event of this log (not JSON)';
  }
  const { eventId, streamId, revision } = entry;
  if (typeof eventId !== 'string' || typeof streamId !== 'string' || typeof revision !== 'number') return 'the entry is not an event of this log (no eventId, streamId and revision)';
  const first = seen.get(eventId);
  if (first !== undefined) return `event ${eventId} is logged a second time (first at position ${first})`;
  seen.set(eventId, index);
  const expected = nextRevision.get(streamId) ?? 0;
  if (revision !== expected) return `event ${eventId} is revision ${revision} of ${streamId}, but the log's next event of that stream should be revision ${expected} (out of order, or one is missing)`;
  nextRevision.set(streamId, expected + 1);
  return null;
}
