// GET /api/dashboard/stats: the five numbers on the dashboard's cards (seed 000 §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

async function getDashboardStats(): Promise<DashboardStats> {
  const response = await apiRequest('GET', '/api/dashboard/stats');
  const body = (await response.json()) as Record<string, unknown>;
  return {
    totalRegistrations: count(body.totalRegistrations),
    activeRegistrations: count(body.activeRegistrations),
    pendingRegistrations: count(body.pendingRegistrations),
    thisMonthRegistrations: count(body.thisMonthRegistrations),
    recent_activity: count(body.recent_activity ?? body.recentActivity),
  };
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/stats'], queryFn: getDashboardStats });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
