// GET /api/titles/user: the signed-in user's registrations, for the dashboard list and My documents.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userTitlesSchema, type UserTitle } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getUserTitles(): Promise<UserTitle[]> {
  return apiCall('GET', '/api/titles/user', userTitlesSchema);
}

export const userTitlesQueryOptions = () => queryOptions({ queryKey: ['/api/titles/user'], queryFn: getUserTitles });

/** `retry` is the documents screen's single retry (seed 000 §7); the dashboard takes the default. */
export function useUserTitles({ retry }: { retry?: number } = {}) {
  return useQuery({ ...userTitlesQueryOptions(), ...(retry !== undefined ? { retry } : {}) });
}
