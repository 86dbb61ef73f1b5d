// Encryption at rest for uploaded works: AES-256-GCM with a fresh key per document, that key
// wrapped (AES-256-GCM) by a wrapping key derived from the server key with HKDF. The blob id is
// authenticated data, so a blob moved under another id fails to open.
//
// Blob layout (v1):  "TLB1" | wrap iv (12) | wrapped key (32) | wrap tag (16) | iv (12) | ciphertext | tag (16)
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const MAGIC = Buffer.from('TLB1');
/** Where the wrapped document key ends (magic, wrap iv, wrapped key, wrap tag): all a rotation rewrites. */
const KEY_HEADER_LENGTH = 4 + 12 + 32 + 16;
const HEADER_LENGTH = KEY_HEADER_LENGTH + 12;
const TAG_LENGTH = 16;

/** The key that wraps document keys, derived from the server key (SECRET_KEY / DATA_DIR/secret.key). */
export function deriveBlobWrappingKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'titleledger/blob-key-wrap/v1', 32));
}

const aad = (blobId: string) => Buffer.from(`titleledger-blob:v1:${blobId}`);

/** Encrypts a stream into the v1 blob layout. */
export async function* encryptBlob(
  source: AsyncIterable<Uint8Array>,
  wrappingKey: Buffer,
  blobId: string,
): AsyncGenerator<Buffer> {
  const documentKey = randomBytes(32);
  const wrapIv = randomBytes(12);
  const wrap = createCipheriv('aes-256-gcm', wrappingKey, wrapIv);
  wrap.setAAD(aad(blobId));
  const wrappedKey = Buffer.concat([wrap.update(documentKey), wrap.final()]);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', documentKey, iv);
  cipher.setAAD(aad(blobId));
  yield Buffer.concat([MAGIC, wrapIv, wrappedKey, wrap.getAuthTag(), iv]);
  for await (const chunk of source) {
    const out = cipher.update(chunk);
    if (out.length > 0) yield out;
  }
  const last = cipher.final();
  yield Buffer.concat([last, cipher.getAuthTag()]);
}

/**
 * The document key of a blob, unwrapped by the first of `wrappingKeys` that opens it (during a
 * rotation of the server key: the current one, then the previous); throws when none does.
 */
function unwrapDocumentKey(blob: Buffer, wrappingKeys: readonly Buffer[], blobId: string): { readonly documentKey: Buffer; readonly by: number } {
  if (blob.length < HEADER_LENGTH + TAG_LENGTH || !blob.subarray(0, 4).equals(MAGIC)) {
    throw new Error('Not a TitleLedger blob (v1)');
  }
  const wrapIv = blob.subarray(4, 16);
  const wrappedKey = blob.subarray(16, 48);
  const wrapTag = blob.subarray(48, KEY_HEADER_LENGTH);
  for (const [by, wrappingKey] of wrappingKeys.entries()) {
    const unwrap = createDecipheriv('aes-256-gcm', wrappingKey, wrapIv);
    unwrap.setAAD(aad(blobId));
    unwrap.setAuthTag(wrapTag);
    try {
      return { documentKey: Buffer.concat([unwrap.update(wrappedKey), unwrap.final()]), by };
    } catch {
      // Another key's, or altered: the next key is tried.
    }
  }
  throw new Error(`No server key held opens blob ${blobId}, or it was altered`);
}

/** Opens a whole v1 blob; throws when it was altered or belongs to another id. */
export function decryptBlob(blob: Buffer, wrappingKeys: readonly Buffer[], blobId: string): Buffer {
  const { documentKey } = unwrapDocumentKey(blob, wrappingKeys, blobId);
  const decipher = createDecipheriv('aes-256-gcm', documentKey, blob.subarray(KEY_HEADER_LENGTH, HEADER_LENGTH));
  decipher.setAAD(aad(blobId));
  decipher.setAuthTag(blob.subarray(blob.length - TAG_LENGTH));
  return Buffer.concat([decipher.update(blob.subarray(HEADER_LENGTH, blob.length - TAG_LENGTH)), decipher.final()]);
}

/**
 * The blob with its document key wrapped again by the first of `wrappingKeys` (the current server
 * key's), or null when that key already wraps it. Only the header changes: the document's ciphertext
 * is kept as it is.
 */
export function rewrapBlob(blob: Buffer, wrappingKeys: readonly Buffer[], blobId: string): Buffer[] | null {
  const { documentKey, by } = unwrapDocumentKey(blob, wrappingKeys, blobId);
  if (by === 0) return null;
  const wrapIv = randomBytes(12);
  const wrap = createCipheriv('aes-256-gcm', wrappingKeys[0]!, wrapIv);
  wrap.setAAD(aad(blobId));
  const wrappedKey = Buffer.concat([wrap.update(documentKey), wrap.final()]);
  return [Buffer.concat([MAGIC, wrapIv, wrappedKey, wrap.getAuthTag()]), blob.subarray(KEY_HEADER_LENGTH)];
}
