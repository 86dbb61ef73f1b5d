// Title registration over HTTP: the multipart submission and its size limit, the user's list and dashboard stats,
// the certificate (inline and download), the `.tr` bundle and the registry's public key.
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/auth.js';
import { AppError, notFound, validationError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { parseInput } from '../http/errors.js';
import { errorResponses } from '../http/openapi.js';
import { asBinaryBody, binaryBody } from '../schemas/errors.js';
import {
  dashboardStatsSchema,
  registrationCreatedSchema,
  registrationSubmissionSchema,
  registryPublicKeySchema,
  trNumberParamSchema as trParams,
  uploadLimitsSchema,
  userTitlesSchema,
} from '../schemas/registrations.js';
import { notModified, type CertificateFormat } from '../certificates/certificate-cache.js';
import { sniffDocument } from '../documents/content-type.js';
import { decryptBlob } from '../documents/envelope.js';
import { FileTooLargeError, receiveFile, uploadedFileName, type ReceivedFile } from '../documents/upload.js';
import { buildBundle } from '../tr-bundle/bundle.js';
import { currentPublicRegistryKey, requireCurrentSigningKey } from '../tr-bundle/registry-key-record.js';
import { sameTurnLookup } from '../db/same-turn.js';
import { findRegistrationsWithAnchors, loadChain, loadProof } from '../tr-bundle/proof.js';
import { bundleRegistration } from './bundle-registration.js';
import type { RegistrationFeature } from './feature.js';
import { certificateData } from './certificate-renderer.js';
import { dashboardStats, findRegistration, listUserTitles, type RegistrationRow } from './queries.js';
import { registerTitle } from './register.js';

/** The submission is multipart (registrationSubmissionSchema's fields and the document in "file"), read by hand as it streams. */
const submitSchema = {
  tags: ['registrations'],
  summary: 'Register a work: multipart/form-data, the registration fields and the document in "file"',
  consumes: ['multipart/form-data'],
  response: {
    200: registrationCreatedSchema.describe('The same submission sent again for its payment: the registration it made'),
    201: registrationCreatedSchema,
    ...errorResponses(400, 401, 404, 409, 413, 415, 422),
  },
};

const MULTIPART_ERRORS: Record<string, (limit: number) => AppError> = {
  FST_REQ_FILE_TOO_LARGE: (limit) => new FileTooLargeError(limit),
  FST_FILES_LIMIT: () => validationError('Upload one file only.'),
  FST_PARTS_LIMIT: () => validationError('The form has too many parts.'),
  FST_FIELDS_LIMIT: () => validationError('The form has too many fields.'),
  FST_PROTO_VIOLATION: () => validationError('A form field has a name that is not allowed.'),
  FST_INVALID_JSON_FIELD_ERROR: () => validationError('A form field declared as JSON is not valid JSON.'),
  FST_MP_PREMATURE_CLOSE: () => validationError('The upload ended before the form was complete. Send it again.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError('unsupported_media_type', 'Send the registration as multipart/form-data with the document in a "file" field.'),
};

/**
 * Reading the request body: whatever goes wrong here is the sender's body (no boundary, a truncated
 * or mismatched one, a part cut short), never the server, so it becomes a 400 and not a 500.
 */
async function* fromClient<T>(source: () => AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const item of source()) yield item;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code && MULTIPART_ERRORS[code]) throw error;
    throw validationError(
      `The form data could not be read (${(error as Error).message ?? 'malformed body'}). Send multipart/form-data with a boundary and the complete body.`,
    );
  }
}

const TR_FILE_TYPE = 'application/vnd.titleledger.tr+json';

/** A download of the owner's (or an admin's) registration: its bytes under their content type. */
const documentSchema = (summary: string, contentType: string) => ({
  tags: ['registrations'],
  summary,
  response: { 200: { description: summary, content: { [contentType]: { schema: binaryBody(summary) } } }, ...errorResponses(401, 404) },
});

/** The `.tr` download can also answer 409: the owner's keys are destroyed, so the commitment cannot be opened. */
const trSchema = (summary: string, contentType: string) => {
  const schema = documentSchema(summary, contentType);
  return { ...schema, response: { ...schema.response, ...errorResponses(409) } };
};

/** A certificate: the same, and 304 with no body when If-None-Match names its current ETag. */
const certificateSchema = (summary: string, contentType: string) => ({
  ...documentSchema(summary, contentType),
  response: {
    ...documentSchema(summary, contentType).response,
    304: z.null().describe('Not modified: If-None-Match named the current ETag (the certificate is unchanged)'),
  },
});

function isAdmin(request: FastifyRequest): boolean {
  return request.actor?.kind === 'admin';
}

export async function registrationRoutes(app: App, options: { feature: RegistrationFeature }): Promise<void> {
  const feature = options.feature;
  const { config, pool } = app.deps;
  // The certificate requests of one event-loop turn look their registrations up together.
  const registrationWithAnchor = sameTurnLookup((trNumbers: readonly string[]) => findRegistrationsWithAnchors(pool, trNumbers));
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.MAX_UPLOAD_BYTES, files: 1, fields: 40, parts: 41, fieldSize: 20_000 },
  });

  // The content type is checked before any parser reads the body, so a JSON or text body gets this
  // route's own 415, not a parser's "not valid JSON". (`request.isMultipart()` is only known once
  // the multipart parser has run, so the header is read here.)
  const multipartOnly = async (request: FastifyRequest) => {
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'multipart/form-data') throw MULTIPART_ERRORS.FST_INVALID_MULTIPART_CONTENT_TYPE!(0);
  };

  // The wizard states the limit and checks a chosen file against it before sending it; the
  // submission below still enforces it.
  app.get(
    '/copyright/upload-limits',
    { schema: { tags: ['registrations'], summary: 'The largest document a registration takes', response: { 200: uploadLimitsSchema } } },
    async () => ({ maxBytes: config.MAX_UPLOAD_BYTES }),
  );

  app.post('/copyright/submit-registration', { config: { signedIn: true }, schema: submitSchema, preParsing: multipartOnly }, async (request, reply) => {
    const user = requireUser(request);
    const fields: Record<string, string> = {};
    let file: (ReceivedFile & { name: string }) | null = null;
    const discard = async () => {
      if (file) await feature.blobs.delete(file.blobId).catch(() => undefined);
    };
    try {
      for await (const part of fromClient(() => request.parts())) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) throw validationError('Upload one file, in the "file" field.');
          const name = uploadedFileName(part.filename);
          const received = await receiveFile(fromClient(() => part.file), { blobs: feature.blobs, wrappingKey: feature.wrappingKeys[0]!, maxBytes: config.MAX_UPLOAD_BYTES });
          file = { ...received, name };
          if (part.file.truncated) throw new FileTooLargeError(config.MAX_UPLOAD_BYTES);
        } else {
          // A JSON body cannot hold a key twice; a form can, and "the last one wins" would hide which was meant.
          if (Object.hasOwn(fields, part.fieldname)) {
            throw validationError(`The form sent the field ${JSON.stringify(part.fieldname)} more than once; send each field once.`, { field: part.fieldname });
          }
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a multipart field's value is a string
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
      // Multipart fields arrive as the body streams, so they are checked here, with the same 400 a route schema gives.
      const input = parseInput(registrationSubmissionSchema, fields, (issues) => issues.map((i) => i.message).join('; '));
      if (!file) throw validationError('No File Selected: Please upload a document before completing registration.');
      if (file.size === 0) throw validationError('The file is empty. Upload the document you want to register.');
      const sniffed = await sniffDocument(file.head, file);
      if (!sniffed.accepted) throw new AppError('unsupported_media_type', sniffed.message, { detected: sniffed.detected });
      const { registration, position, replayed } = await registerTitle(
        feature.registerDeps,
        {
          ownerId: user.id,
          paymentId: (input.paymentSessionId || input.paymentIntentId)!,
          title: input.title.normalize('NFC'),
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          materialType: input.materialType,
          intendedMedium: input.intendedMedium,
          description: input.description,
          file: { blobId: file.blobId, sha256: file.sha256, size: file.size, name: file.name, mimeType: sniffed.mimeType, stored: file.durable },
        },
        commandContext(request),
      );
      await app.waitForProjections(position, ['registrations']);
      // A retried submission: its registration is the one answered, this upload is not needed.
      if (replayed) await discard();
      const anchored = replayed && (await findRegistration(pool, registration.trNumber))?.status === 'registered';
      return reply.status(replayed ? 200 : 201).send({
        success: true,
        tr_number: registration.trNumber,
        cryptographic_hash: registration.cryptographicHash,
        file_content_hash: registration.fileContentHash,
        registration_date: registration.registeredAt,
        status: anchored ? 'registered' : 'pending',
      });
    } catch (error) {
      await discard();
      const code = (error as { code?: string }).code;
      const mapped = code ? MULTIPART_ERRORS[code] : undefined;
      throw mapped ? mapped(config.MAX_UPLOAD_BYTES) : error;
    }
  });

  app.get('/titles/user', { config: { signedIn: true }, schema: { tags: ['registrations'], response: { 200: userTitlesSchema, ...errorResponses(401) } } }, async (request) => {
    const user = requireUser(request);
    return listUserTitles(pool, user.id);
  });

  app.get('/dashboard/stats', { config: { signedIn: true }, schema: { tags: ['registrations'], response: { 200: dashboardStatsSchema, ...errorResponses(401) } } }, async (request) => {
    const user = requireUser(request);
    return dashboardStats(pool, user.id, new Date());
  });

  /** Who asks (null for an admin, else the signed-in user: 401 without one) and for which TR number. */
  function registrationRequest(request: FastifyRequest) {
    const user = isAdmin(request) ? null : requireUser(request);
    const { tr } = trParams.parse(request.params);
    return { user, tr: tr.toUpperCase() };
  }

  /** The registration if the caller may see it (its owner, or an admin); 404 for everyone else. */
  function visibleTo(user: { id: string } | null, row: RegistrationRow | null | undefined): RegistrationRow {
    if (!row || (user && (row.owner_id !== user.id || row.archived))) throw notFound('Registration not found.');
    return row;
  }

  async function ownRegistration(request: FastifyRequest): Promise<RegistrationRow> {
    const { user, tr } = registrationRequest(request);
    return visibleTo(user, await findRegistration(pool, tr));
  }

  /**
   * The certificate as a static file: its ETag is known from the data before any file is read, so a
   * revalidation is a 304; otherwise the file rendered in the background, or rendered now. The
   * registration and its anchor come in one query, shared with the other requests of the same turn.
   */
  async function sendCertificate(request: FastifyRequest, reply: FastifyReply, as: CertificateFormat, headers: Record<string, string>) {
    const { user, tr } = registrationRequest(request);
    const found = await registrationWithAnchor(tr);
    const file = feature.certificateCache.file(certificateData(config.publicUrl, { registration: visibleTo(user, found?.registration), anchor: found?.anchor ?? null }), as);
    // Private, and revalidated on every use: the same URL shows the anchor once there is one.
    reply.header('etag', file.etag).header('cache-control', 'private, no-cache').headers(headers);
    if (notModified(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.type(as === 'png' ? 'image/png' : 'application/pdf').send(asBinaryBody(await file.read()));
  }

  // The certificate's first page as an image, for the preview beside "Open PDF" (a PDF in a frame is
  // blank in many mobile browsers).
  app.get('/copyright/certificate-preview/:tr/image', { schema: certificateSchema("The certificate's first page as a PNG (the preview image)", 'image/png') }, async (request, reply) =>
    sendCertificate(request, reply, 'png', {}),
  );

  app.get('/copyright/certificate-preview/:tr', { config: { frameableBySelf: true }, schema: certificateSchema('The certificate, shown inline (framed by our own pages only)', 'application/pdf') }, async (request, reply) => {
    const { tr } = trParams.parse(request.params);
    return sendCertificate(request, reply, 'pdf', { 'content-disposition': `inline; filename="TitleLedger-${tr.toUpperCase()}.pdf"` });
  });

  app.get('/copyright/download-certificate/:tr', { schema: certificateSchema('The certificate as a download', 'application/pdf') }, async (request, reply) => {
    const { tr } = trParams.parse(request.params);
    return sendCertificate(request, reply, 'pdf', { 'content-disposition': `attachment; filename="TitleLedger-${tr.toUpperCase()}.pdf"` });
  });

  app.get('/download/tr/:tr', { schema: trSchema('The signed .tr proof file: the document, its hashes and its Merkle proof (docs/proof-format.md)', TR_FILE_TYPE) }, async (request, reply) => {
    const row = await ownRegistration(request);
    if (!row.blob_id) throw notFound('The document for this registration is not available.');
    await requireCurrentSigningKey(pool, feature.registryKey);
    const plaintext = decryptBlob(await feature.blobs.get(row.blob_id), feature.wrappingKeys, row.blob_id);
    const proof = await loadProof(pool, row.tr_number);
    const bundle = buildBundle({
      registration: await bundleRegistration(app.deps.store, feature.openForOwner, row.tr_number, row.status),
      plaintext,
      proof,
      chain: await loadChain(pool, proof, config),
      key: feature.registryKey,
      now: new Date(),
    });
    return reply
      .type(TR_FILE_TYPE)
      .header('content-disposition', `attachment; filename="${row.tr_number}.tr"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(bundle));
  });

  // The recorded current key, even from a process a rotation left holding the retired one.
  app.get('/registry/public-key', { schema: { tags: ['registrations'], summary: "The registry's Ed25519 key that signs .tr files", response: { 200: registryPublicKeySchema } } }, async () => {
    const key = await currentPublicRegistryKey(pool, feature.registryKey);
    return { alg: 'Ed25519' as const, keyId: key.keyId, publicKey: key.publicKeyBase64, publicKeyPem: key.publicKeyPem };
  });
}
