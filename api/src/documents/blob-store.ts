// The blob-store port: where uploaded works live (already encrypted by the caller). The filesystem
// adapter is the default (DATA_DIR/blobs); an object store can replace it behind the same port.
import { createReadStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { GroupSync } from './group-sync.js';

/** A blob just written: complete and readable under its id, and `durable` once it would survive a crash. */
export interface StoredBlob {
  readonly size: number;
  /**
   * Resolves once the blob is on disk (its bytes and its name), rejects if it could not be put
   * there. Whoever records the blob's id (TitleRegistered) waits for it first; a blob nothing
   * names (a derived file, an upload refused) need not. Never an unhandled rejection when unawaited.
   */
  readonly durable: Promise<void>;
}

export interface BlobStore {
  /** Writes a new blob from `source`. It becomes visible under `id` only once complete. */
  put(id: string, source: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  get(id: string): Promise<Buffer>;
  stream(id: string): Readable;
  /** Whether a blob is there, without reading it. */
  has(id: string): Promise<boolean>;
  /** Removes a blob; a missing one is not an error. */
  delete(id: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** Where the uploaded works are kept: DATA_DIR/blobs (what the app serves, and what a key rotation re-wraps). */
export const worksBlobDir = (dataDir: string): string => path.join(dataDir, 'blobs');

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
   * The blob is written under a temporary name and renamed into place: `put` resolves then, with
   * the blob complete and readable. Its flushes run after, while the caller goes on with its checks:
   * the file's bytes, its directory (the name), and the directories made for it into their parents.
   * Until `durable` resolves a crash may lose the blob or leave it partial under its name, which is
   * harmless while nothing records the name, and nothing does before `durable`.
   */
  async put(id: string, source: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
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
      await rename(temp, target);
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    // mkdir gave the first directory it made: from its parent down, each holds a new entry.
    const dirs = [shard];
    for (let dir = shard; created !== undefined && dir !== path.dirname(created); ) {
      dir = path.dirname(dir);
      dirs.push(dir);
    }
    const durable = this.#flush(handle, dirs);
    durable.catch(() => undefined);
    return { size, durable };
  }

  /** The file's fsync and its directories' (shared with other writers), at once; the file closed after. */
  async #flush(handle: FileHandle, dirs: readonly string[]): Promise<void> {
    const flushed = await Promise.allSettled([handle.sync(), ...dirs.map((dir) => this.sync.sync(dir))]);
    await handle.close();
    const failed = flushed.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  get(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
  }

  stream(id: string): Readable {
    return createReadStream(this.pathOf(id));
  }

  async has(id: string): Promise<boolean> {
    try {
      await access(this.pathOf(id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}
