// POST /api/auth/reset-password: sets a new password with the token from the e-mailed link.
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiRequest('POST', '/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
