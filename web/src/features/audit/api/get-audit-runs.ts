// GET /api/audit/runs: the latest replay and verify-log results, newest first. Polled while a run is
// under way, so its verdict appears without a reload.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditRunsResponse, type AuditRunsResponse } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getAuditRuns(): Promise<AuditRunsResponse> {
  return apiCall('GET', '/api/audit/runs', auditRunsResponse);
}

export const auditRunsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/audit/runs'],
    queryFn: getAuditRuns,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? 1000 : false),
  });

export function useAuditRuns() {
  return useQuery(auditRunsQueryOptions());
}
