// GET /api/stats/public: the real figures the landing page shows (works registered, creators),
// and one anchored registration the demo can verify.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

type PublicStats = {
  worksRegistered: number;
  creators: number;
  sample: { trNumber: string; hash: string } | null;
};

async function getPublicStats(): Promise<PublicStats> {
  const response = await apiRequest('GET', '/api/stats/public');
  return (await response.json()) as PublicStats;
}

const publicStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/stats/public'], queryFn: getPublicStats, staleTime: 60_000 });

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions());
}
