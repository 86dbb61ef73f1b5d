// PUT /api/user/profile with the profile form's fields.
import { useMutation } from '@tanstack/react-query';
import { profileUpdatedSchema, type ProfileUpdateRequest } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function updateProfile(input: ProfileUpdateRequest): Promise<void> {
  await apiCall('PUT', '/api/user/profile', profileUpdatedSchema, input);
}

export function useUpdateProfile() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: updateProfile, onSuccess: invalidate });
}
