// GET /api/admin/global-stats: the Overview's and Analytics' counts, from the global-stats read model.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGlobalStatsSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest } from './admin-request';

const getGlobalStats = () => adminRequest(adminGlobalStatsSchema, 'GET', '/api/admin/global-stats');

const globalStatsQueryOptions = () => queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'global-stats'], queryFn: getGlobalStats });

export function useGlobalStats() {
  return useQuery(globalStatsQueryOptions());
}
