// Receives one uploaded file as a stream, in one pass: SHA-256 of the plaintext, size limit, the
// first bytes for content sniffing, a UTF-8/NUL check for plain text, and AES-256-GCM encryption
// straight into the blob store. Nothing is buffered beyond the first 64 KiB. Its name is checked
// first, by the rules every text field follows.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { encryptBlob } from './envelope.js';
import { AppError, validationError } from '../errors.js';
import { fileTooLargeMessage } from '../schemas/registrations.js';
import { textProblem } from '../schemas/text-problem.js';

const HEAD_BYTES = 64 * 1024;

export interface ReceivedFile {
  readonly blobId: string;
  readonly sha256: string;
  readonly size: number;
  readonly head: Buffer;
  readonly validUtf8: boolean;
  readonly hasNul: boolean;
  /** Resolves once the encrypted file is on disk (`StoredBlob.durable`): wait for it before recording `blobId`. */
  readonly durable: Promise<void>;
}

export class FileTooLargeError extends AppError {
  constructor(limit: number) {
    super('payload_too_large', fileTooLargeMessage(limit), { limitBytes: limit });
  }
}

const MAX_FILE_NAME = 255;

/**
 * The name an upload is recorded under (the event, the certificate, the `.tr` file): its last path
 * segment, NFC, at most 255 characters. A name holding a character no name field accepts (NUL and
 * the other C0/C1 controls, a bidi override that makes `invoice\u202Etxt.exe` read as `invoiceexe.txt`,
 * an unpaired surrogate) is refused rather than cleaned, so what is recorded is what the sender named.
 */
export function uploadedFileName(filename: string | undefined): string {
  const name = path.basename(filename || 'document').normalize('NFC');
  const problem = textProblem(name, 'The file name', { name: true });
  if (problem) throw validationError(`${problem} Rename the file and try again.`, { issues: [{ path: 'file', message: problem }] });
  // By code point, so a character outside the BMP is never cut in half.
  return Array.from(name).slice(0, MAX_FILE_NAME).join('');
}

/** Hashes a stream's bytes (used by tests and the verifier: the same function the upload uses). */
export async function sha256OfStream(source: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk);
  return hash.digest('hex');
}

export async function receiveFile(
  source: AsyncIterable<Uint8Array>,
  options: { readonly blobs: BlobStore; readonly wrappingKey: Buffer; readonly maxBytes: number },
): Promise<ReceivedFile> {
  const blobId = randomBytes(16).toString('base64url');
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let validUtf8 = true;
  let hasNul = false;

  async function* inspect(): AsyncGenerator<Uint8Array> {
    for await (const raw of source) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      size += chunk.length;
      if (size > options.maxBytes) throw new FileTooLargeError(options.maxBytes);
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(part);
        headLength += part.length;
      }
      if (!hasNul && chunk.includes(0)) hasNul = true;
      if (validUtf8 && !hasNul) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          validUtf8 = false;
        }
      }
      yield chunk;
    }
    if (validUtf8) {
      try {
        decoder.decode();
      } catch {
        validUtf8 = false;
      }
    }
  }

  let durable: Promise<void>;
  try {
    ({ durable } = await options.blobs.put(blobId, encryptBlob(inspect(), options.wrappingKey, blobId)));
  } catch (error) {
    await options.blobs.delete(blobId).catch(() => undefined);
    throw error;
  }
  return { blobId, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks), validUtf8, hasNul, durable };
}
