// Certificates rendered once (issue 18 item 2). A certificate is a pure function of its data (the
// registration as the read models show it: pending, anchored, corrected) and of the layout, so it
// is named by a hash of its document definition: the same data always gives the same file, and a
// new state gives a new name. Rendered files live in the blob store under that name; the hash is
// the ETag, known before any file is read, so a revalidation is answered 304 with no I/O.
// The background renderer (registrations/certificate-renderer.ts) asks for each new state with
// 'background' priority; a request for one not yet rendered renders it at once with 'high'
// priority, and requests for the same file share one rendering. The files served last are also
// kept in memory (a file never changes under its name, so nothing goes stale there): a request for
// one reads no file.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { BlobStore } from '../documents/blob-store.js';
import { certificateDocument, type CertificateData } from './certificate-document.js';
import type { CertificatePool, RenderPriority } from './certificate-pool.js';

export type CertificateFormat = 'pdf' | 'png';

/** One certificate: its ETag, known before any file is read, and the file itself when read. */
export interface CertificateFile {
  /** A strong ETag: the quoted content name. */
  readonly etag: string;
  /** The rendered file: from the blob store, or rendered now (and kept) when it is not there yet. */
  read(priority?: RenderPriority): Promise<Buffer>;
}

/** What a rendering is made from: the document definition and the QR code's text. */
interface Prepared {
  readonly doc: Record<string, unknown>;
  readonly qrText: string;
  readonly name: string;
}

function prepare(data: CertificateData, as: CertificateFormat): Prepared {
  const doc = certificateDocument(data);
  const name = createHash('sha256').update(JSON.stringify([as, data.verifyUrl, doc])).digest('base64url');
  return { doc, qrText: data.verifyUrl, name };
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** How many bytes of certificates are kept in memory (a PDF is ~15 KB, a preview ~150 KB). */
const MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * How many prepared documents are kept, by their data. Building a document and hashing it to name
 * it was ~13% of the API's CPU for a certificate request served from memory (profile of bursts of
 * 20, 2026-11-27); its data, as a string, names it as well, and costs a fifth of that.
 */
const PREPARED_KEPT = 1000;

export class CertificateCache {
  /** Renderings under way, by blob id: concurrent requests for one certificate wait for one rendering. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** The files read or rendered last, by blob id, up to `memoryBytes` in all. */
  private readonly memory: LRUCache<string, Buffer>;
  /** The documents prepared last, by their format and data (`prepare` is a pure function of them). */
  private readonly prepared = new LRUCache<string, Prepared>({ max: PREPARED_KEPT });

  constructor(
    private readonly pool: CertificatePool,
    private readonly blobs: BlobStore,
    memoryBytes = MEMORY_BYTES,
  ) {
    this.memory = new LRUCache<string, Buffer>({ maxSize: memoryBytes, sizeCalculation: (file) => Math.max(file.length, 1) });
  }

  /** The certificate of `data` in format `as` (its document is built and named once, here). */
  file(data: CertificateData, as: CertificateFormat = 'pdf'): CertificateFile {
    const key = JSON.stringify([as, data]);
    let prepared = this.prepared.get(key);
    if (!prepared) {
      prepared = prepare(data, as);
      this.prepared.set(key, prepared);
    }
    return { etag: `"${prepared.name}"`, read: (priority: RenderPriority = 'high') => this.read(prepared, as, priority) };
  }

  private async read(prepared: Prepared, as: CertificateFormat, priority: RenderPriority): Promise<Buffer> {
    const id = blobId(prepared.name, as);
    const kept = this.memory.get(id);
    if (kept) return kept;
    const rendering = this.inFlight.get(id);
    if (rendering) return rendering;
    try {
      return this.keep(id, await this.blobs.get(id));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    return this.render(id, prepared, as, priority);
  }

  private keep(id: string, file: Buffer): Buffer {
    this.memory.set(id, file);
    return file;
  }

  private render(id: string, prepared: Prepared, as: CertificateFormat, priority: RenderPriority): Promise<Buffer> {
    const existing = this.inFlight.get(id);
    if (existing) return existing;
    const rendering = (async () => {
      const body = as === 'png'
        ? await this.pool.renderPreview(prepared.doc, prepared.qrText, priority)
        : await this.pool.render(prepared.doc, prepared.qrText, priority);
      // A derived file, made again whenever missing: its flush to disk is not waited for.
      await this.blobs.put(id, (async function* () {
        yield body;
      })());
      return this.keep(id, body);
    })().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, rendering);
    return rendering;
  }
}

/** The blob holding a certificate: `<name>-pdf` (or `-png`), spread over folders by the name's first characters. */
function blobId(name: string, as: CertificateFormat): string {
  return `${name}-${as}`;
}

/** Whether `If-None-Match` names this ETag (a list, `*`, or a weak form of it). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}
