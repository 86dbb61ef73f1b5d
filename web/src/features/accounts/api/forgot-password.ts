// POST /api/auth/forgot-password: asks for a reset link. The answer is the same whether or not
// the address has an account, so the page never learns (or tells) which addresses exist.
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await apiCall('POST', '/api/auth/forgot-password', successMessageSchema, input);
}
