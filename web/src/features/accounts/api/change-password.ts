// PUT /api/user/password { currentPassword, newPassword }; the confirmation stays in the browser.
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiRequest('PUT', '/api/user/password', input);
}

export function useChangePassword() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: changePassword, onSuccess: invalidate });
}
