// The /api/auth/* calls answer failures with the one error body, { success: false, error, code,
// message } (401, 409, 422, 429...). The spec reads that answer rather than treating it as a crash, so this turns such a
// failure back into a result; anything else (network down, an answer without that shape) still throws.
import { apiErrorSchema, authResponseSchema, type User } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';

export type AuthResult =
  | { success: true; token: string; user: User }
  | { success: false; error: string; twoFactorRequired: boolean };

export async function sendAuthRequest(path: string, body: unknown): Promise<AuthResult> {
  try {
    return await apiCall('POST', path, authResponseSchema, body);
  } catch (error) {
    const failure = apiErrorSchema.safeParse(error instanceof ApiError ? error.body : null);
    if (!failure.success) throw error;
    return { success: false, error: failure.data.error || failure.data.message, twoFactorRequired: failure.data.twoFactorRequired === true };
  }
}
