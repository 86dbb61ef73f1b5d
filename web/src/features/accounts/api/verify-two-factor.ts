// POST /api/user/2fa/verify { token }: the first code from the authenticator switches 2FA on.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function verifyTwoFactor(input: { token: string }): Promise<void> {
  await apiCall('POST', '/api/user/2fa/verify', successMessageSchema, input);
}

export function useVerifyTwoFactor() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: verifyTwoFactor, onSuccess: invalidate });
}
