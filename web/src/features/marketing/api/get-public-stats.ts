// GET /api/stats/public: the real figures the landing page shows (works registered, creators),
// and one anchored registration the demo can verify.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStats } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { loadSearchSchemas } from '@/lib/load-schemas';

async function getPublicStats(): Promise<PublicStats> {
  // The schemas (and zod) load with the first call, not with the landing page's first paint.
  const { publicStatsSchema } = await loadSearchSchemas();
  return apiCall('GET', '/api/stats/public', publicStatsSchema);
}

const publicStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/stats/public'], queryFn: getPublicStats, staleTime: 60_000 });

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions());
}
