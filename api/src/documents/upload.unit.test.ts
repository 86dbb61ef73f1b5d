import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSystemBlobStore } from './blob-store.js';
import { decryptBlob, deriveBlobWrappingKey, rewrapBlob } from './envelope.js';
import { FileTooLargeError, receiveFile, sha256OfStream, uploadedFileName } from './upload.js';

async function* chunked(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const setup = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tl-blobs-'));
  return { root, blobs: new FileSystemBlobStore(root), wrappingKey: deriveBlobWrappingKey(randomBytes(32)) };
};

describe('receiveFile', () => {
  it('hashes while streaming: the same SHA-256 as hashing the whole file, whatever the chunking', async () => {
    const bytes = randomBytes(100_001);
    const whole = createHash('sha256').update(bytes).digest('hex');
    const { blobs, wrappingKey } = setup();
    for (const size of [97, 4096, 65_536, 1_000_000]) {
      const received = await receiveFile(chunked(bytes, size), { blobs, wrappingKey, maxBytes: 1_000_000 });
      expect(received.sha256).toBe(whole);
      expect(received.size).toBe(bytes.length);
    }
    expect(await sha256OfStream(chunked(bytes, 1))).toBe(whole);
  });

  it('known answer: SHA-256("abc")', async () => {
    expect(await sha256OfStream(chunked(Buffer.from('abc'), 1))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('stores the file encrypted; only the wrapping key and the right blob id open it', async () => {
    const { root, blobs, wrappingKey } = setup();
    const bytes = Buffer.from('The secret manuscript, chapter one.'.repeat(100));
    const received = await receiveFile(chunked(bytes, 100), { blobs, wrappingKey, maxBytes: 1_000_000 });
    const stored = await blobs.get(received.blobId);
    expect(stored.includes(Buffer.from('secret manuscript'))).toBe(false);
    expect(decryptBlob(stored, [wrappingKey], received.blobId)).toEqual(bytes);
    expect(() => decryptBlob(stored, [deriveBlobWrappingKey(randomBytes(32))], received.blobId)).toThrow();
    expect(() => decryptBlob(stored, [wrappingKey], 'another-blob-id')).toThrow();
    const tampered = Buffer.from(stored);
    tampered[100] = tampered[100]! ^ 1;
    expect(() => decryptBlob(tampered, [wrappingKey], received.blobId)).toThrow();
    expect(readdirSync(path.join(root, received.blobId.slice(0, 2)))).toEqual([received.blobId]);
  });

  it('is wrapped again by a new server key: the header changes, the ciphertext does not, and only the new key then opens it', async () => {
    const { blobs, wrappingKey } = setup();
    const bytes = Buffer.from('A work kept across a key rotation.'.repeat(20));
    const { blobId } = await receiveFile(chunked(bytes, 64), { blobs, wrappingKey, maxBytes: 1_000_000 });
    const stored = await blobs.get(blobId);
    const newKey = deriveBlobWrappingKey(randomBytes(32));
    const parts = rewrapBlob(stored, [newKey, wrappingKey], blobId)!;
    const rewrapped = Buffer.concat(parts);
    expect(rewrapped).toHaveLength(stored.length);
    expect(rewrapped.subarray(0, 64).equals(stored.subarray(0, 64))).toBe(false);
    expect(rewrapped.subarray(64).equals(stored.subarray(64))).toBe(true);
    expect(decryptBlob(rewrapped, [newKey], blobId)).toEqual(bytes);
    expect(() => decryptBlob(rewrapped, [wrappingKey], blobId)).toThrow(/No server key held opens blob/);
    // Read during the rotation with either key held; already under the new key, left alone.
    expect(decryptBlob(stored, [newKey, wrappingKey], blobId)).toEqual(bytes);
    expect(rewrapBlob(rewrapped, [newKey, wrappingKey], blobId)).toBeNull();
    expect(() => rewrapBlob(stored, [newKey], blobId)).toThrow();
  });

  it('stops at the size limit and leaves nothing behind', async () => {
    const { root, blobs, wrappingKey } = setup();
    await expect(receiveFile(chunked(Buffer.alloc(2049), 512), { blobs, wrappingKey, maxBytes: 2048 })).rejects.toBeInstanceOf(FileTooLargeError);
    const left = readdirSync(root, { recursive: true }).filter((f) => !String(f).match(/^[A-Za-z0-9_-]{2}$/));
    expect(left).toEqual([]);
  });

  it('notes UTF-8 validity and NUL bytes across chunk boundaries', async () => {
    const { blobs, wrappingKey } = setup();
    const text = Buffer.from('naïve café ✓ '.repeat(50));
    const ok = await receiveFile(chunked(text, 3), { blobs, wrappingKey, maxBytes: 1e6 });
    expect(ok).toMatchObject({ validUtf8: true, hasNul: false });
    const bad = await receiveFile(chunked(Buffer.concat([text, Buffer.from([0xc3])]), 5), { blobs, wrappingKey, maxBytes: 1e6 });
    expect(bad.validUtf8).toBe(false);
    const nul = await receiveFile(chunked(Buffer.from('ab\0cd'), 2), { blobs, wrappingKey, maxBytes: 1e6 });
    expect(nul.hasNul).toBe(true);
  });
});

describe('uploadedFileName', () => {
  it('keeps the last path segment, NFC, and 255 characters without cutting one in half', () => {
    expect(uploadedFileName('C:\\fakepath/dir/sea.txt')).toBe('sea.txt');
    expect(uploadedFileName(undefined)).toBe('document');
    expect(uploadedFileName('cafe\u0301.txt')).toBe('caf\u00e9.txt');
    const long = uploadedFileName(`${'a'.repeat(254)}😀😀.txt`);
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('😀')).toBe(true);
  });

  it('refuses control and text-direction characters with a message that says what to do', () => {
    for (const [name, shown] of [
      ['ab\u0000cd.txt', 'U+0000'],
      ['ab\u001bcd.txt', 'U+001B'],
      ['ab\u007fcd.txt', 'U+007F'],
      ['ab\u0085cd.txt', 'U+0085'],
      ['invoice\u202Etxt.exe', 'U+202E'],
      ['a\u2066b.txt', 'U+2066'],
      ['a\ud800b.txt', 'U+D800'],
    ] as const) {
      expect(() => uploadedFileName(name), name).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(shown) }));
      expect(() => uploadedFileName(name)).toThrow(/^The file name contains .* Rename the file and try again\.$/);
    }
  });
});
