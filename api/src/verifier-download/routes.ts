// The `.tr` verifier as one file, for someone with no TitleLedger checkout (scripts/bundle-verifier.mjs
// builds it from ledger/src/verifier at `npm run build`):
//   GET /downloads/titleledger-verify.mjs   the file: `node titleledger-verify.mjs file.tr --registry-key …`
//   GET /api/verifier                       its name, address, size and SHA-256, which the verify page shows
// The file is read once, at start, and served from memory: the SHA-256 shown is always that of the
// bytes served, even when a build rewrites the file under a running server. A server started
// without it (a build that never bundled it) answers both with a 404 saying so.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { notFound } from '../errors.js';
import type { App } from '../http/app.js';
import { errorResponses } from '../http/openapi.js';
import { verifierDownloadSchema, type VerifierDownload } from '../schemas/verifier-download.js';
import { notModified } from '../certificates/certificate-cache.js';

/** Where `npm run build` writes it: beside the compiled CLI, from api/src or api/dist alike. */
export const VERIFIER_BUNDLE = path.resolve(import.meta.dirname, '../../../ledger/dist/verifier/titleledger-verify.mjs');
const FILE_NAME = 'titleledger-verify.mjs';
const VERIFIER_URL = `/downloads/${FILE_NAME}`;

interface Loaded {
  readonly bytes: Buffer;
  readonly about: VerifierDownload;
  readonly etag: string;
  /** RFC 9530: lets a client check what it received without trusting the page. */
  readonly reprDigest: string;
}

function load(file: string): Loaded | null {
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const digest = createHash('sha256').update(bytes).digest();
  const sha256 = digest.toString('hex');
  return {
    bytes,
    about: { fileName: FILE_NAME, url: VERIFIER_URL, bytes: bytes.length, sha256 },
    etag: `"${sha256}"`,
    reprDigest: `sha-256=:${digest.toString('base64')}:`,
  };
}

const missing = () => notFound('This server has no one-file verifier: it was started without building it. Run `npm run build` and start it again.');

export async function verifierDownloadRoutes(app: App): Promise<void> {
  const verifier = load(VERIFIER_BUNDLE);
  if (!verifier) app.log.warn({ file: VERIFIER_BUNDLE }, 'no one-file verifier to serve: run npm run build');

  app.get(
    '/api/verifier',
    {
      schema: {
        tags: ['verification'],
        summary: `The one-file .tr verifier at ${VERIFIER_URL}: its size and SHA-256`,
        response: { 200: verifierDownloadSchema, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      if (!verifier) throw missing();
      void reply.header('cache-control', 'no-cache');
      return verifier.about;
    },
  );

  app.get(VERIFIER_URL, async (request, reply) => {
    if (!verifier) throw missing();
    void reply.header('etag', verifier.etag).header('cache-control', 'no-cache');
    if (notModified(request.headers['if-none-match'], verifier.etag)) return reply.status(304).send();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('content-disposition', `attachment; filename="${FILE_NAME}"`)
      .header('repr-digest', verifier.reprDigest)
      .send(verifier.bytes);
  });
}
