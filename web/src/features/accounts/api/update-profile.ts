// PUT /api/user/profile with the profile form's fields.
import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateRequest } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function updateProfile(input: ProfileUpdateRequest): Promise<void> {
  await apiRequest('PUT', '/api/user/profile', input);
}

export function useUpdateProfile() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: updateProfile, onSuccess: invalidate });
}
