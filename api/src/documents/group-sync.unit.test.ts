import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GroupSync, fsyncDirectory } from './group-sync.js';

/** A flush the test finishes by hand, recording each start. */
function manualFlush() {
  const started: { dir: string; finish: (error?: Error) => void }[] = [];
  const flush = (dir: string) =>
    new Promise<void>((resolve, reject) => started.push({ dir, finish: (error) => (error ? reject(error) : resolve()) }));
  return { started, flush };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('GroupSync', () => {
  it('shares one flush among the writers that asked while another ran, and covers each by a flush started after it asked', async () => {
    const { started, flush } = manualFlush();
    const group = new GroupSync(flush);
    const first = group.sync('d');
    await settled(first);
    expect(started).toHaveLength(1);
    // Ten writers finish while the first flush runs: it may predate their renames, so they wait for the next.
    const later = Array.from({ length: 10 }, () => group.sync('d'));
    started[0]!.finish();
    await first;
    expect(await settled(Promise.all(later))).toBe(false);
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await Promise.all(later);
    expect(started).toHaveLength(2);
  });

  it('flushes other directories side by side, and passes a failed flush to its own waiters only', async () => {
    const { started, flush } = manualFlush();
    const group = new GroupSync(flush);
    const a = group.sync('a');
    const b = group.sync('b');
    await settled(a);
    expect(started.map((s) => s.dir)).toEqual(['a', 'b']);
    const afterA = group.sync('a');
    started[0]!.finish(new Error('disk full'));
    await expect(a).rejects.toThrow('disk full');
    await settled(afterA);
    started[2]!.finish();
    await afterA;
    started[1]!.finish();
    await b;
  });

  it('flushes a real directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tl-group-sync-'));
    await new GroupSync().sync(dir);
    await expect(fsyncDirectory(path.join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
