// The blob-store port: where uploaded works live (already encrypted by the caller). The filesystem
// adapter is the default (DATA_DIR/blobs); an object store can replace it behind the same port.
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { GroupSync } from './group-sync.js';

export interface BlobStore {
  /** Writes a new blob from `source`. It becomes visible under `id` only once complete. */
  put(id: string, source: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  get(id: string): Promise<Buffer>;
  stream(id: string): Readable;
  /** Removes a blob; a missing one is not an error. */
  delete(id: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9_-]{8,128}$/;

export class FileSystemBlobStore implements BlobStore {
  /** Shard directories this store made or found, so a put into one needs no mkdir. */
  readonly #shards = new Set<string>();

  /** `sync`: directory flushes, shared by the writers waiting on the same directory. */
  constructor(
    private readonly root: string,
    private readonly sync: GroupSync = new GroupSync(),
  ) {}

  private pathOf(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error(`Invalid blob id ${JSON.stringify(id)}`);
    return path.join(this.root, id.slice(0, 2), id);
  }

  /**
   * The blob's bytes are flushed before it is renamed into place, and its directory after, so a blob
   * whose id was recorded (TitleRegistered) is still there after a crash. Directories made for it are
   * flushed into their parents as well.
   */
  async put(id: string, source: AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    const target = this.pathOf(id);
    const shard = path.dirname(target);
    const temp = `${target}.part-${randomBytes(4).toString('hex')}`;
    let created: string | undefined;
    let handle: FileHandle;
    try {
      if (!this.#shards.has(shard)) created = await mkdir(shard, { recursive: true });
      handle = await open(temp, 'wx', 0o600);
    } catch (error) {
      // A shard removed behind the store's back: made again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      created = await mkdir(shard, { recursive: true });
      handle = await open(temp, 'wx', 0o600);
    }
    this.#shards.add(shard);
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temp, target);
    const flushes = [this.sync.sync(shard)];
    // mkdir gave the first directory it made: from its parent down, each holds a new entry.
    for (let dir = shard; created !== undefined && dir !== path.dirname(created); ) {
      dir = path.dirname(dir);
      flushes.push(this.sync.sync(dir));
    }
    await Promise.all(flushes);
    return { size };
  }

  get(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
  }

  stream(id: string): Readable {
    return createReadStream(this.pathOf(id));
  }

  async delete(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}
