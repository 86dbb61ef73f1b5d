// GET /api/user/profile: the signed-in user's profile, security state, card summary and
// notification flags. Read fresh on every visit to Account Settings, because the notification
// screens change the same flags.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

export type Profile = User;

async function getProfile(): Promise<Profile> {
  const response = await apiRequest('GET', '/api/user/profile');
  const body = (await response.json()) as Profile | { user: Profile };
  return 'user' in body && typeof body.user === 'object' ? body.user : (body as Profile);
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['/api/user/profile'], queryFn: getProfile, refetchOnMount: 'always' });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
