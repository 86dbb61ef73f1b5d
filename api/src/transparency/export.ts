// `npm run audit -- export DIR`: the log as files an auditor keeps, laid out as a C2SP tlog-tiles log
// (DIR can be served as it is by any static web server and mirrored with GETs):
//   DIR/checkpoint            the latest signed checkpoint
//   DIR/tile/<L>/<N>[.p/<W>]  hash tiles for the latest checkpoint
//   DIR/tile/entries/<N>[…]   entry bundles (uint16 length-prefixed leaf bytes)
//   DIR/entries.jsonl         one {index, canonical (base64), event} per line
//   DIR/checkpoints.jsonl     every checkpoint: {treeSize, root (hex), note}
//   DIR/verifier-key          the note verifier key (the current registry key's)
//   DIR/verifier-keys         every registry key's verifier key, oldest first (rotations add one)
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type pg from 'pg';
import { HASH_SIZE, toHex } from '../merkle/index.js';
import { latestCheckpoint, listCheckpoints, readEntries, type LogSource } from './log-store.js';
import { TILE_WIDTH, encodeTileIndex, partialWidth } from './tiles.js';

export interface ExportSummary {
  readonly treeSize: number;
  readonly entries: number;
  readonly checkpoints: number;
  readonly tiles: number;
}

const tilePath = (level: number | 'entries', index: number, width: number) =>
  path.join('tile', String(level), ...`${encodeTileIndex(index)}${width < TILE_WIDTH ? `.p/${width}` : ''}`.split('/'));

async function put(dir: string, relative: string, bytes: Uint8Array | string): Promise<void> {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

/** `vkey`: the registry's verifier keys, oldest first (one before any rotation); the last is current. */
export async function exportLog(pool: pg.Pool, source: LogSource, dir: string, options: { readonly vkey: string | readonly string[] }): Promise<ExportSummary> {
  await mkdir(dir, { recursive: true });
  const latest = await latestCheckpoint(pool);
  const size = latest?.treeSize ?? 0;
  const vkeys = typeof options.vkey === 'string' ? [options.vkey] : options.vkey;
  // `verifier-key`: the current key, as signed-note tools take one; `verifier-keys`: every key, oldest first.
  await put(dir, 'verifier-key', `${vkeys.at(-1)}\n`);
  await put(dir, 'verifier-keys', vkeys.map((key) => `${key}\n`).join(''));
  if (latest) await put(dir, 'checkpoint', latest.note);

  const checkpoints = await listCheckpoints(pool, 0, Number.MAX_SAFE_INTEGER);
  await put(dir, 'checkpoints.jsonl', checkpoints.map((c) => `${JSON.stringify({ treeSize: c.treeSize, root: toHex(c.root), note: c.note })}\n`).join(''));

  // Entries and entry bundles, a bundle at a time.
  const jsonl = createWriteStream(path.join(dir, 'entries.jsonl'));
  let entries = 0;
  for (let start = 0; start < size; start += TILE_WIDTH) {
    const width = Math.min(TILE_WIDTH, size - start);
    const page = await readEntries(pool, source, start, width);
    if (page.length !== width || page.some((e, i) => e.index !== start + i)) {
      throw new Error(`Entries ${start}…${start + width - 1}: ${width - page.length} logged events are missing from the event store; run verify-log`);
    }
    const parts: Buffer[] = [];
    for (const entry of page) {
      if (!jsonl.write(`${JSON.stringify({ index: entry.index, canonical: entry.canonical.toString('base64'), event: entry.event })}\n`)) await once(jsonl, 'drain');
      if (entry.canonical.length > 0xffff) throw new Error(`Entry ${entry.index} is longer than an entry bundle can hold (${entry.canonical.length} bytes)`);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(entry.canonical.length);
      parts.push(length, entry.canonical);
    }
    await put(dir, tilePath('entries', start / TILE_WIDTH, width), Buffer.concat(parts));
    entries += page.length;
  }
  jsonl.end();
  await once(jsonl, 'finish');

  // Hash tiles: every full tile, and the partial ones of the latest checkpoint's size.
  let tiles = 0;
  for (let level = 0; size >= TILE_WIDTH ** level && size > 0; level++) {
    const fullTiles = Math.floor(size / TILE_WIDTH ** (level + 1));
    const width = partialWidth(size, level);
    for (let from = 0; from <= fullTiles; from += 1000) {
      const { rows } = await pool.query<{ tile_index: string; hashes: Buffer }>(
        'SELECT tile_index, hashes FROM tlog_tiles WHERE level = $1 AND tile_index >= $2 AND tile_index < $3 ORDER BY tile_index',
        [level, from, Math.min(from + 1000, fullTiles + 1)],
      );
      for (const row of rows) {
        const index = Number(row.tile_index);
        const w = index < fullTiles ? TILE_WIDTH : width;
        if (w === 0 || row.hashes.length < w * HASH_SIZE) continue;
        await put(dir, tilePath(level, index, w), row.hashes.subarray(0, w * HASH_SIZE));
        tiles += 1;
      }
    }
  }
  return { treeSize: size, entries, checkpoints: checkpoints.length, tiles };
}
