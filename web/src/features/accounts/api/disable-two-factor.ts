// DELETE /api/user/2fa/disable { password }: switches two-factor sign-in off. The password proves
// it is the owner even when the session is not fresh.
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

export async function disableTwoFactor(input: { password: string }): Promise<void> {
  await apiRequest('DELETE', '/api/user/2fa/disable', input);
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: invalidate });
}
