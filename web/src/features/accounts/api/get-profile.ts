// GET /api/user/profile: the signed-in user's profile, security state, card summary and
// notification flags. Read fresh on every visit to Account Settings, because the notification
// screens change the same flags.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export type Profile = User;

async function getProfile(): Promise<Profile> {
  return apiCall('GET', '/api/user/profile', userSchema);
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['/api/user/profile'], queryFn: getProfile, refetchOnMount: 'always' });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
