// The /api/auth/* calls answer failures as { success: false, error } (401, 409, 422, 429...).
// The spec reads that answer rather than treating it as a crash, so this turns such a failure
// back into a result; anything else (network down, a 500 without that shape) still throws.
import type { User } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';
import { errorBody } from '@/lib/api-error';

export type AuthResult =
  | { success: true; token: string; user: User }
  | { success: false; error: string; twoFactorRequired: boolean };

export async function sendAuthRequest(path: string, body: unknown): Promise<AuthResult> {
  try {
    const response = await apiRequest('POST', path, body);
    return (await response.json()) as AuthResult;
  } catch (error) {
    const failure = errorBody(error);
    if (failure?.success !== false) throw error;
    const message = typeof failure.message === 'string' && failure.message !== '' ? failure.message : undefined;
    return {
      success: false,
      error: typeof failure.error === 'string' && failure.error !== '' ? failure.error : (message ?? ''),
      twoFactorRequired: failure.twoFactorRequired === true,
    };
  }
}
