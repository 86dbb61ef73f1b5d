// A failed answer's body read with the shared error schema. Kept apart from api-client.ts (which
// the landing page's first paint loads) so zod and the schemas load only once a call has failed.
import { apiErrorSchema, type ApiError } from '@titleledger/api/schemas/errors';

/** Every failed answer: `{ success: false, error, code, message, twoFactorRequired?, details? }`. */
export type ErrorReply = ApiError;

/** A failed answer's body parsed with the shared error schema; null when it is not one. */
export function parseErrorReply(bodyText: string): ErrorReply | null {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
