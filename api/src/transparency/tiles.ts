// C2SP tlog-tiles (https://c2sp.org/tlog-tiles): the tree kept and served as tiles of 256 hashes. A tile
// at level L holds the hashes of tree level 8L (level 0: leaf hashes; above: the root of each full tile
// below). Pure arithmetic and hashing, no I/O: the log's storage (log-store.ts) keeps one row per tile
// and asks this module which tiles a proof needs and how to read a node out of them.
import { HASH_SIZE, NODE_PREFIX, type NodeId, type Sha256 } from '../merkle/index.js';

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;

/** One tile: its level, its index within the level, and its hashes (width × 32 bytes, width 1..256). */
export interface Tile {
  readonly level: number;
  readonly index: number;
  readonly hashes: Uint8Array;
}

export const tileWidth = (tile: Tile): number => tile.hashes.length / HASH_SIZE;
export const tileKey = (level: number, index: number): string => `${level}/${index}`;

/** Where node `id` lives: the tile at tree level 8L that holds the 2^r hashes under it, from `offset`. */
export function tileOfNode(id: NodeId): { level: number; index: number; offset: number; height: number } {
  const level = Math.floor(id.level / TILE_HEIGHT);
  const height = id.level % TILE_HEIGHT;
  const first = id.index * 2 ** height;
  return { level, index: Math.floor(first / TILE_WIDTH), offset: first % TILE_WIDTH, height };
}

/** The Merkle Tree Hash of the 2^height hashes of `hashes` starting at `offset` (a complete subtree of the tile). */
export function hashWithinTile(hashes: Uint8Array, offset: number, height: number, sha256: Sha256): Uint8Array {
  const count = 2 ** height;
  if ((offset + count) * HASH_SIZE > hashes.length) throw new RangeError(`Tile of ${hashes.length / HASH_SIZE} hashes has no complete subtree at ${offset}+${count}`);
  let level: Uint8Array[] = [];
  for (let i = 0; i < count; i++) level.push(hashes.subarray((offset + i) * HASH_SIZE, (offset + i + 1) * HASH_SIZE));
  const input = new Uint8Array(1 + 2 * HASH_SIZE);
  input[0] = NODE_PREFIX;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      input.set(level[i]!, 1);
      input.set(level[i + 1]!, 1 + HASH_SIZE);
      next.push(sha256(input));
    }
    level = next;
  }
  return new Uint8Array(level[0]!);
}

/** A node reader over a set of tiles (those `tilesForNodes` named); throws if a tile is missing or too narrow. */
export function nodeReader(tiles: ReadonlyMap<string, Uint8Array>, sha256: Sha256): (id: NodeId) => Uint8Array {
  return (id) => {
    const where = tileOfNode(id);
    const hashes = tiles.get(tileKey(where.level, where.index));
    if (!hashes) throw new Error(`Tile ${where.level}/${where.index} is missing for node ${id.level}/${id.index}`);
    return hashWithinTile(hashes, where.offset, where.height, sha256);
  };
}

/** The tiles holding these nodes, without duplicates. */
export function tilesForNodes(ids: readonly NodeId[]): { level: number; index: number }[] {
  const seen = new Map<string, { level: number; index: number }>();
  for (const id of ids) {
    const { level, index } = tileOfNode(id);
    seen.set(tileKey(level, index), { level, index });
  }
  return [...seen.values()];
}

/** Width of the partial tile at `level` for a tree of `size` leaves (0: no partial tile there). */
export function partialWidth(size: number, level: number): number {
  return Math.floor(size / TILE_WIDTH ** level) % TILE_WIDTH;
}

/** The right-edge tiles of a tree of `size`: at each level, the tile being filled (width may be 0). */
export function edgeTiles(size: number): { level: number; index: number; width: number }[] {
  const out: { level: number; index: number; width: number }[] = [];
  for (let level = 0; TILE_WIDTH ** level <= Math.max(size, 1); level++) {
    out.push({ level, index: Math.floor(size / TILE_WIDTH ** (level + 1)), width: partialWidth(size, level) });
  }
  return out;
}

/** `<N>` of a tile path: 3-digit groups, all but the last prefixed with `x` (1234067 → x001/x234/067). */
export function encodeTileIndex(index: number): string {
  const groups: string[] = [];
  let n = index;
  do {
    groups.unshift(String(n % 1000).padStart(3, '0'));
    n = Math.floor(n / 1000);
  } while (n > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
}

/** Parses `<N>` path elements back into an index; undefined if they are not a canonical encoding. */
export function decodeTileIndex(elements: readonly string[]): number | undefined {
  if (elements.length === 0 || elements.length > 6) return undefined;
  let n = 0;
  for (const [i, element] of elements.entries()) {
    const last = i === elements.length - 1;
    const match = (last ? /^(\d{3})$/ : /^x(\d{3})$/).exec(element);
    if (!match) return undefined;
    n = n * 1000 + Number(match[1]);
  }
  // One encoding per index: no leading all-zero group.
  return encodeTileIndex(n) === elements.join('/') ? n : undefined;
}

/**
 * Extends the right edge of a tiled tree leaf by leaf. Holds the edge tile of every level in memory;
 * `append` fills level 0, and each tile that reaches 256 hashes is finished and its root pushed into
 * the level above. `changed()` lists every tile written since the last call (full and partial).
 */
export class TileAppender {
  #size: number;
  readonly #edge: Map<number, { index: number; hashes: Uint8Array[] }> = new Map();
  readonly #changed = new Map<string, Tile>();

  constructor(
    size: number,
    edge: readonly Tile[],
    private readonly sha256: Sha256,
  ) {
    this.#size = size;
    for (const { level, index, width } of edgeTiles(size)) {
      const stored = edge.find((t) => t.level === level && t.index === index);
      const have = stored ? tileWidth(stored) : 0;
      if (have < width) throw new Error(`Edge tile ${level}/${index} has ${have} hashes; a tree of ${size} needs ${width}`);
      const hashes: Uint8Array[] = [];
      for (let i = 0; i < width; i++) hashes.push(stored!.hashes.slice(i * HASH_SIZE, (i + 1) * HASH_SIZE));
      this.#edge.set(level, { index, hashes });
    }
  }

  get size(): number {
    return this.#size;
  }

  append(leafHash: Uint8Array): void {
    let level = 0;
    let hash = leafHash;
    for (;;) {
      let tile = this.#edge.get(level);
      if (!tile) {
        tile = { index: 0, hashes: [] };
        this.#edge.set(level, tile);
      }
      tile.hashes.push(hash);
      this.#record(level, tile);
      if (tile.hashes.length < TILE_WIDTH) break;
      hash = hashWithinTile(concat(tile.hashes), 0, TILE_HEIGHT, this.sha256);
      this.#edge.set(level, { index: tile.index + 1, hashes: [] });
      level += 1;
    }
    this.#size += 1;
  }

  /** A node reader over the edge tiles: enough for the root (every node of the root's decomposition is on the edge). */
  edgeReader(): (id: NodeId) => Uint8Array {
    const tiles = new Map<string, Uint8Array>();
    for (const [level, tile] of this.#edge) tiles.set(tileKey(level, tile.index), concat(tile.hashes));
    return nodeReader(tiles, this.sha256);
  }

  /** Tiles written since the last call, in their latest state. */
  changed(): Tile[] {
    const tiles = [...this.#changed.values()];
    this.#changed.clear();
    return tiles;
  }

  #record(level: number, tile: { index: number; hashes: Uint8Array[] }): void {
    // Recorded lazily: the concatenation is made once per tile per batch, in changed().
    this.#changed.set(tileKey(level, tile.index), {
      level,
      index: tile.index,
      get hashes() {
        return concat(tile.hashes);
      },
    });
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.length * HASH_SIZE);
  parts.forEach((p, i) => out.set(p, i * HASH_SIZE));
  return out;
}
