// DELETE /api/user/2fa/disable { password }: switches two-factor sign-in off. The server always
// asks for the password (or a current code), however fresh the session.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function disableTwoFactor(input: { password: string }): Promise<void> {
  await apiCall('DELETE', '/api/user/2fa/disable', successMessageSchema, input);
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: invalidate });
}
