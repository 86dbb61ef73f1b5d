// Tile arithmetic against the examples of https://c2sp.org/tlog-tiles, and the appender against a
// tree built from the definition.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rangeHash, toHex, treeRoot, type NodeId } from '../merkle/index.js';
import { parseTilePath } from './routes.js';
import { TILE_WIDTH, TileAppender, decodeTileIndex, edgeTiles, encodeTileIndex, nodeReader, tileKey } from './tiles.js';

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

describe('tile paths', () => {
  it('encodes an index in x-prefixed 3-digit groups, as the spec shows', () => {
    expect(encodeTileIndex(1234067)).toBe('x001/x234/067');
    expect(encodeTileIndex(0)).toBe('000');
    expect(encodeTileIndex(1000)).toBe('x001/000');
    expect(decodeTileIndex(['x001', 'x234', '067'])).toBe(1234067);
  });

  it('accepts only the one canonical encoding of an index', () => {
    for (const bad of [['x000', '001'], ['1'], ['0001'], ['x001'], ['001', '000'], ['x01', '000'], []]) expect(decodeTileIndex(bad), bad.join('/')).toBeUndefined();
    expect(parseTilePath('0/x001/x234/067.p/5')).toEqual({ level: 0, index: 1234067, width: 5 });
    expect(parseTilePath('entries/002')).toEqual({ level: 'entries', index: 2, width: 256 });
    for (const bad of ['64/000', '01/000', '0/000.p/0', '0/000.p/256', '0/000.p/07', 'e/000', '0', '0/000/']) expect(parseTilePath(bad), bad).toBeUndefined();
  });

  it('describes a tree of 70,000 as the spec does', () => {
    // 273 full level-0 tiles and one of width 112; one full level-1 tile and one of width 17; one level-2 tile of width 1.
    expect(edgeTiles(70_000)).toEqual([
      { level: 0, index: 273, width: 112 },
      { level: 1, index: 1, width: 17 },
      { level: 2, index: 0, width: 1 },
    ]);
    expect(edgeTiles(256)).toEqual([
      { level: 0, index: 1, width: 0 },
      { level: 1, index: 0, width: 1 },
    ]);
  });
});

describe('the appender', () => {
  const leaves = Array.from({ length: 20_000 }, (_, i) => sha256(Buffer.from(`leaf ${i}`)));
  const memo = new Map<string, Uint8Array>();
  const node = (id: NodeId): Uint8Array => {
    if (id.level === 0) return leaves[id.index]!;
    const key = tileKey(id.level, id.index);
    let hash = memo.get(key);
    if (!hash) {
      hash = sha256(Buffer.concat([Buffer.of(1), node({ level: id.level - 1, index: 2 * id.index }), node({ level: id.level - 1, index: 2 * id.index + 1 })]));
      memo.set(key, hash);
    }
    return hash;
  };

  it('resumed from its stored edge at any size, keeps tiles whose nodes and root match the definition', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 3000 }), (start, more) => {
        const end = Math.min(start + more, leaves.length);
        // Tiles of the first `start` leaves, then a second appender picks up from their edge.
        const first = new TileAppender(0, [], sha256);
        for (let i = 0; i < start; i++) first.append(leaves[i]!);
        const stored = new Map(first.changed().map((t) => [tileKey(t.level, t.index), t]));
        const second = new TileAppender(start, [...stored.values()], sha256);
        for (let i = start; i < end; i++) second.append(leaves[i]!);
        for (const t of second.changed()) stored.set(tileKey(t.level, t.index), t);
        const read = nodeReader(new Map([...stored].map(([k, t]) => [k, t.hashes])), sha256);
        expect(toHex(treeRoot(end, read, sha256))).toBe(toHex(rangeHash({ start: 0, end }, node, sha256)));
        expect(toHex(treeRoot(end, second.edgeReader(), sha256))).toBe(toHex(treeRoot(end, read, sha256)));
        if (end >= TILE_WIDTH) expect(toHex(read({ level: 8, index: 0 }))).toBe(toHex(node({ level: 8, index: 0 })));
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
