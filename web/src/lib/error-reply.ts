// A failed answer's body read with the shared error schema. Kept apart from api-client.ts (which
// the landing page's first paint loads) so zod and the schemas load only once a call has failed.
import { apiErrorSchema, authErrorSchema, type ApiError as ApiErrorBody, type AuthError } from '@titleledger/api/schemas/errors';
import { z } from 'zod';

/** Every failed answer: `{ error, message, details? }`, and on /api/auth/* the spec's fields too. */
const errorReplySchema = z.union([authErrorSchema, apiErrorSchema]);
export type ErrorReply = ApiErrorBody | AuthError;

/** A failed answer's body parsed with the shared error schema; null when it is not one. */
export function parseErrorReply(bodyText: string): ErrorReply | null {
  try {
    const parsed = errorReplySchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
