// The shapes every route shares: the one error body (every 4xx/5xx), the plain acknowledgements,
// and the non-JSON bodies (documents, text) declared by content type.
import { z } from 'zod';

/**
 * Every API error body. The spec's clients show `error` (seed 001 §7.5, §8.1, §8.3), so it is the
 * sentence a person reads (a schema's 400: its first issue's own words); `code` is the machine code
 * (`validation_error`, `unauthorized`, `unprocessable`…) to switch on; `message` the full sentence.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  /** A sign-in that needs the authenticator code next (also in `details`). */
  twoFactorRequired: z.boolean().optional(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `{ success: true }`: the call did what it said. */
export const successSchema = z.object({ success: z.literal(true) });

/** `{ success: true, valid: true }`: an e-mailed link that still works (one that does not is the 422 using it gives). */
export const linkValidSchema = z.object({ success: z.literal(true), valid: z.literal(true) });

/** `{ success: true, message }`: done, with a sentence to show. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** A body that is not JSON (a PDF, a tile), as OpenAPI describes bytes. */
export const binaryBody = (description: string) => z.string().meta({ format: 'binary', description });

/**
 * Bytes sent under a `binaryBody` response: fastify sends a Buffer as it is (never through the
 * serializer); the typed reply only knows the schema's documented string.
 */
export const asBinaryBody = (bytes: Uint8Array): string => bytes as unknown as string;

/** A plain-text body. */
export const textBody = (description: string) => z.string().meta({ description });
