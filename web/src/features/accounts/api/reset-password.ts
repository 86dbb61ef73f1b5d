// POST /api/auth/reset-password: sets a new password with the token from the e-mailed link.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiCall('POST', '/api/auth/reset-password', successMessageSchema, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
