// POST /api/audit/verify-log: starts verify-log on the server (409 while another run is under way).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditRunStartedResponse } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { auditRunsQueryOptions } from './get-audit-runs';

export function useStartVerifyLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST', '/api/audit/verify-log', auditRunStartedResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditRunsQueryOptions().queryKey }),
  });
}
