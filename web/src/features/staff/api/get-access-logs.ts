// GET /api/master-admin/audit-logs?limit=50&before=<id>: the access log, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditLogPageSchema, type AuditLogPage } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

const ACCESS_LOG_PAGE = 50;

async function getAccessLogs(before: number | null): Promise<AuditLogPage> {
  return apiCall('GET', `/api/master-admin/audit-logs?limit=${ACCESS_LOG_PAGE}${before ? `&before=${before}` : ''}`, auditLogPageSchema);
}

export const accessLogsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/master-admin/audit-logs'],
    queryFn: ({ pageParam }) => getAccessLogs(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchOnMount: 'always',
  });

export function useAccessLogs() {
  return useInfiniteQuery(accessLogsQueryOptions());
}
