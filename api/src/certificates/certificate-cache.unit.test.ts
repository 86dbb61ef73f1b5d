// The certificate cache's memory: a file served once is served again without reading the blob store,
// within the byte budget, the least recently used leaving first; a document named once is named
// again from its data, and any change to the data names a new file.
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../documents/blob-store.js';
import { CertificateCache } from './certificate-cache.js';
import { CertificatePool } from './certificate-pool.js';
import { pendingCertificate } from '../../../test/support/certificate-data.js';

/** A blob store in memory that counts its reads. */
function countingBlobs() {
  const files = new Map<string, Buffer>();
  const reads: string[] = [];
  const blobs: BlobStore = {
    async put(id, source) {
      const chunks: Buffer[] = [];
      for await (const chunk of source) chunks.push(Buffer.from(chunk));
      files.set(id, Buffer.concat(chunks));
      return { size: files.get(id)!.length, durable: Promise.resolve() };
    },
    has: async (id) => files.has(id),
    async get(id) {
      reads.push(id);
      const file = files.get(id);
      if (!file) throw Object.assign(new Error(`no blob ${id}`), { code: 'ENOENT' });
      return file;
    },
    stream: (id) => Readable.from(files.get(id) ?? Buffer.alloc(0)),
    async delete(id) {
      files.delete(id);
    },
  };
  return { blobs, files, reads };
}

const data = pendingCertificate;

/** The blob id the cache keeps a PDF under: its ETag's name with `-pdf`. */
const pdfId = (cache: CertificateCache, trNumber: string) => `${JSON.parse(cache.file(data(trNumber)).etag) as string}-pdf`;

describe('certificate cache memory', () => {
  // Never asked to render here: every file is in the blob store already.
  const pool = new CertificatePool(1);
  afterAll(() => pool.close());

  it('reads a file from the blob store once, then serves it from memory', async () => {
    const { blobs, files, reads } = countingBlobs();
    const cache = new CertificateCache(pool, blobs);
    files.set(pdfId(cache, 'TR-1'), Buffer.from('%PDF-one'));
    expect((await cache.file(data('TR-1')).read()).toString()).toBe('%PDF-one');
    expect((await cache.file(data('TR-1')).read()).toString()).toBe('%PDF-one');
    expect(reads).toHaveLength(1);
  });

  it('keeps no more than its byte budget, dropping the least recently used first', async () => {
    const { blobs, files, reads } = countingBlobs();
    const cache = new CertificateCache(pool, blobs, 25); // room for one 20-byte file, not two
    files.set(pdfId(cache, 'TR-A'), Buffer.alloc(20, 'a'));
    files.set(pdfId(cache, 'TR-B'), Buffer.alloc(20, 'b'));
    for (const tr of ['TR-A', 'TR-A', 'TR-B', 'TR-A']) await cache.file(data(tr)).read();
    expect(reads).toEqual([pdfId(cache, 'TR-A'), pdfId(cache, 'TR-B'), pdfId(cache, 'TR-A')]);
  });

  it('names the same data the same way every time, and a change to any field (an anchor, a format) anew, however warm the cache', async () => {
    const { blobs } = countingBlobs();
    const cache = new CertificateCache(pool, blobs);
    const fresh = new CertificateCache(pool, blobs);
    const pending = data('TR-N');
    const anchored = { ...pending, status: 'registered', anchor: { txHash: '0xabc', blockNumber: '7', chainId: '31337' } };
    const names = [cache.file(pending).etag, cache.file({ ...pending }).etag, cache.file(anchored).etag, cache.file(pending, 'png').etag];
    expect(names[1]).toBe(names[0]);
    expect(new Set(names).size).toBe(3);
    // The names are the documents' own: a cache that never saw the data names it alike.
    expect(fresh.file(anchored).etag).toBe(names[2]);
    expect(cache.file({ ...anchored, anchor: { ...anchored.anchor, blockNumber: '8' } }).etag).not.toBe(names[2]);
    expect(cache.file({ ...pending, title: `${pending.title}!` }).etag).not.toBe(names[0]);
  });
});
