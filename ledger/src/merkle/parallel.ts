// The lower levels of a large tree hashed on worker threads, while the caller waits (tree.ts keeps a
// synchronous API: the caller's thread blocks in Atomics.wait, as it would have blocked hashing).
//
// The leaves are cut into chunks of CHUNK_LEAVES (a power of two), and each chunk's subtree up to
// its own root is independent of every other: node j of level l has children 2j and 2j+1 of level
// l − 1, so a chunk's nodes at level l are [c·C >> l, (c+1)·C >> l) and their children are its own.
// The ragged right edge follows the same rule per node as the whole tree (a node whose right child
// is past the level's end is its left child, promoted), so chunk by chunk gives the same bytes as
// level by level. Workers take chunks from a shared counter until none are left; the levels above
// the chunk roots (a few dozen nodes) are then the caller's.
//
// The worker is an inline script (as certificate-pool.ts does) so it runs the same from the
// TypeScript sources and from dist; it repeats tree.ts's per-node rule, and merkle.unit.test.ts
// checks both give the same root and proofs at ragged sizes.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Leaves per chunk: 4,096 leaves is ~8,000 hashes (a few ms), enough to share 100,000 leaves out evenly. */
export const CHUNK_LEAVES = 4096;
/** The levels a chunk covers above its leaves: log2(CHUNK_LEAVES). */
export const CHUNK_LEVELS = Math.log2(CHUNK_LEAVES);
/** Below this many leaves the caller's thread hashes alone: handing out the work would cost more. */
const PARALLEL_MIN_LEAVES = 4 * CHUNK_LEAVES;
/** How long the caller waits for the workers before it hashes everything itself (a worker that died). */
const WORKER_PATIENCE_MS = 30_000;

/** The job's control words: the next chunk to take, the workers done with it, 1 when one of them threw. */
const NEXT = 0;
const DONE = 1;
const FAILED = 2;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { hash } = require('node:crypto');
const HASH = 32;
const node = Buffer.allocUnsafe(1 + 2 * HASH);
node[0] = 1;
const leaf = Buffer.allocUnsafe(1 + HASH);
leaf[0] = 0;
parentPort.on('message', ({ control, nodes, leaves, levelStarts, levelSizes, chunkLeaves, chunkLevels }) => {
  const out = Buffer.from(nodes);
  const raw = leaves ? Buffer.from(leaves) : null;
  const chunks = Math.ceil(levelSizes[0] / chunkLeaves);
  try {
    for (let c = Atomics.add(control, ${NEXT}, 1); c < chunks; c = Atomics.add(control, ${NEXT}, 1)) {
      if (raw) {
        const end = Math.min((c + 1) * chunkLeaves, levelSizes[0]);
        for (let i = c * chunkLeaves; i < end; i++) {
          raw.copy(leaf, 1, i * HASH, (i + 1) * HASH);
          out.write(hash('sha256', leaf, 'binary'), i * HASH, HASH, 'binary');
        }
      }
      for (let level = 1; level <= chunkLevels && level < levelSizes.length; level++) {
        const below = levelSizes[level - 1];
        const end = Math.min(((c + 1) * chunkLeaves) >> level, levelSizes[level]);
        for (let j = (c * chunkLeaves) >> level; j < end; j++) {
          const child = (levelStarts[level - 1] + 2 * j) * HASH;
          const parent = (levelStarts[level] + j) * HASH;
          if (2 * j + 1 < below) {
            out.copy(node, 1, child, child + 2 * HASH);
            out.write(hash('sha256', node, 'binary'), parent, HASH, 'binary');
          } else {
            out.copy(out, parent, child, child + HASH);
          }
        }
      }
    }
  } catch {
    Atomics.store(control, ${FAILED}, 1);
  } finally {
    Atomics.add(control, ${DONE}, 1);
    Atomics.notify(control, ${DONE});
  }
});
`;

/** Where each level starts (in nodes) and how many nodes it has, for a tree of `size` leaves
 * (tree.ts's layout: level by level from the leaves up, in one buffer). */
export function layout(size: number): { levelStarts: number[]; levelSizes: number[]; total: number } {
  const levelSizes = [size];
  for (let width = size; width > 1; ) {
    width = Math.ceil(width / 2);
    levelSizes.push(width);
  }
  const levelStarts: number[] = [];
  let total = 0;
  for (const width of levelSizes) {
    levelStarts.push(total);
    total += width;
  }
  return { levelStarts, levelSizes, total };
}

let workers: Worker[] | null = null;
let broken = false;

/** Whether the lower levels of a tree of `leafCount` leaves are worth handing to workers here. */
export function parallelWorthIt(leafCount: number): boolean {
  return !broken && leafCount >= PARALLEL_MIN_LEAVES && availableParallelism() > 1;
}

function pool(): Worker[] {
  if (!workers) {
    // As many as there are cores (at most 4): the caller's thread only waits meanwhile.
    workers = Array.from({ length: Math.min(4, availableParallelism()) }, () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('error', () => (broken = true));
      return worker;
    });
  }
  return workers;
}

/**
 * Writes the leaf hashes (when `leaves` holds the raw 32-byte leaves, in order; otherwise `nodes`
 * already holds them) and every level up to the chunk roots into `nodes`, a view of a
 * SharedArrayBuffer laid out as tree.ts lays it out. Returns false, having maybe written part of it,
 * when the workers did not finish in time: the caller then hashes it all itself.
 * `meanwhile` runs on the caller's thread once the workers have the job, before it waits for them.
 */
export function hashLowerLevels(
  nodes: SharedArrayBuffer,
  leaves: SharedArrayBuffer | null,
  levelStarts: readonly number[],
  levelSizes: readonly number[],
  meanwhile?: () => void,
): boolean {
  const threads = pool();
  const control = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  for (const worker of threads) {
    worker.postMessage({ control, nodes, leaves, levelStarts, levelSizes, chunkLeaves: CHUNK_LEAVES, chunkLevels: CHUNK_LEVELS });
  }
  meanwhile?.();
  const deadline = Date.now() + WORKER_PATIENCE_MS;
  for (let done = Atomics.load(control, DONE); done < threads.length; done = Atomics.load(control, DONE)) {
    const left = deadline - Date.now();
    if (left <= 0) {
      broken = true;
      void Promise.all(threads.map((worker) => worker.terminate()));
      workers = null;
      return false;
    }
    Atomics.wait(control, DONE, done, left);
  }
  return Atomics.load(control, FAILED) === 0;
}
