// The shapes every route shares: the one error body (every 4xx/5xx, `/api/auth/*` adds the spec's
// fields: authErrorSchema in accounts.ts), the plain acknowledgements, and the non-JSON bodies
// (documents, text) declared by content type.
import { z } from 'zod';

/** Every API error body. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
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

/** Every failed /api/auth/* call: the spec's `{ success: false, error }` plus the usual fields. */
export const authErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  twoFactorRequired: z.boolean().optional(),
  details: z.unknown().optional(),
});
export type AuthError = z.infer<typeof authErrorSchema>;
