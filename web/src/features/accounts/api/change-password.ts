// PUT /api/user/password { currentPassword, newPassword }; the confirmation stays in the browser.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiCall('PUT', '/api/user/password', successMessageSchema, input);
}

export function useChangePassword() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: changePassword, onSuccess: invalidate });
}
