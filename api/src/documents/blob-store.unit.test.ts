import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSystemBlobStore } from './blob-store.js';
import { GroupSync } from './group-sync.js';

async function* bytes(text: string) {
  yield Buffer.from(text);
}

/** A GroupSync whose flushes record the directory and whether the blob was in place by then. */
function recordingSync(target: () => string) {
  const flushed: { dir: string; blobThere: boolean }[] = [];
  return { flushed, sync: new GroupSync((dir) => (flushed.push({ dir, blobThere: existsSync(target()) }), Promise.resolve())) };
}

describe('FileSystemBlobStore', () => {
  it('flushes the blob\'s directory after renaming it into place, and the new directories into their parents', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'tl-blob-store-'));
    const root = path.join(base, 'blobs');
    const id = 'AbCdEfGh12345678';
    const target = path.join(root, 'Ab', id);
    const { flushed, sync } = recordingSync(() => target);
    const store = new FileSystemBlobStore(root, sync);
    const stored = await store.put(id, bytes('the work'));
    expect(stored.size).toBe(8);
    await stored.durable;
    expect((await store.get(id)).toString()).toBe('the work');
    // blobs/ and blobs/Ab/ were made: base holds blobs, blobs holds Ab, Ab holds the blob.
    expect(flushed.map((f) => f.dir).sort()).toEqual([base, root, path.join(root, 'Ab')].sort());
    expect(flushed.every((f) => f.blobThere)).toBe(true);
    expect(readdirSync(path.join(root, 'Ab'))).toEqual([id]);

    // A second blob in the same shard: only the shard is flushed.
    flushed.length = 0;
    await (await store.put('AbZZZZZZ99999999', bytes('another'))).durable;
    expect(flushed.map((f) => f.dir)).toEqual([path.join(root, 'Ab')]);
  });

  it('makes a shard again, and flushes it into its parent, when it was removed behind the store\'s back', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tl-blob-store-'));
    const { flushed, sync } = recordingSync(() => path.join(root, 'Cd', 'CdEfGhIj12345678'));
    const store = new FileSystemBlobStore(root, sync);
    await (await store.put('CdAAAAAA11111111', bytes('first'))).durable;
    rmSync(path.join(root, 'Cd'), { recursive: true });
    flushed.length = 0;
    await (await store.put('CdEfGhIj12345678', bytes('second'))).durable;
    expect((await store.get('CdEfGhIj12345678')).toString()).toBe('second');
    expect(flushed.map((f) => f.dir).sort()).toEqual([root, path.join(root, 'Cd')].sort());
  });

  it('is readable once put, before its directory flushes are done; a failed flush rejects durable', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tl-blob-store-'));
    const flushes: { dir: string; finish: (error?: Error) => void }[] = [];
    const sync = new GroupSync((dir) => new Promise<void>((resolve, reject) => flushes.push({ dir, finish: (error) => (error ? reject(error) : resolve()) })));
    const store = new FileSystemBlobStore(root, sync);
    const stored = await store.put('EfGhIjKl12345678', bytes('in place'));
    expect((await store.get('EfGhIjKl12345678')).toString()).toBe('in place');
    // The shard and the root were made: both flushes asked for, and held; durable once both are done.
    await expect.poll(() => flushes.map((f) => f.dir).sort()).toEqual([root, path.join(root, 'Ef')].sort());
    for (const flush of flushes) flush.finish();
    await stored.durable;

    // A flush that fails: durable says so.
    const failed = await store.put('EfZZZZZZ99999999', bytes('lost'));
    await expect.poll(() => flushes.length).toBe(3);
    flushes[2]!.finish(new Error('EIO'));
    await expect(failed.durable).rejects.toThrow('EIO');
  });

  it('leaves nothing behind, and flushes nothing, when the upload fails', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tl-blob-store-'));
    const { flushed, sync } = recordingSync(() => '');
    const store = new FileSystemBlobStore(root, sync);
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('client went away');
    }
    await expect(store.put('QwErTy1234567890', failing())).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'Qw'))).toEqual([]);
    expect(flushed).toEqual([]);
  });
});
