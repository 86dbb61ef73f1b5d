// GET /api/audit/checkpoints: the log's signed checkpoints (thinned for the chart), signatures checked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditCheckpointsResponse, type AuditCheckpointsResponse } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getAuditCheckpoints(): Promise<AuditCheckpointsResponse> {
  return apiCall('GET', '/api/audit/checkpoints?limit=200', auditCheckpointsResponse);
}

const auditCheckpointsQueryOptions = () => queryOptions({ queryKey: ['/api/audit/checkpoints'], queryFn: getAuditCheckpoints, refetchOnMount: 'always' });

export function useAuditCheckpoints() {
  return useQuery(auditCheckpointsQueryOptions());
}
