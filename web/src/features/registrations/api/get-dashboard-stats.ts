// GET /api/dashboard/stats: the five numbers on the dashboard's cards (seed 000 §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema, type DashboardStats } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getDashboardStats(): Promise<DashboardStats> {
  return apiCall('GET', '/api/dashboard/stats', dashboardStatsSchema);
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/stats'], queryFn: getDashboardStats });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
