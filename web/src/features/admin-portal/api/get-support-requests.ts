// GET /api/admin/support-requests?status=&q=&page= (admin1+): the support inbox, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supportInboxPageSchema, type SupportInboxQuery } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest, withQuery } from './admin-request';
import { ADMIN_LIST_PAGE_SIZE } from './get-users';

type Status = SupportInboxQuery['status'];

const getSupportRequests = (status: Status, q: string, page: number) =>
  adminRequest(supportInboxPageSchema, 'GET', withQuery('/api/admin/support-requests', { status, q: q.trim(), page, pageSize: ADMIN_LIST_PAGE_SIZE }));

const supportRequestsQueryOptions = (status: Status, q: string, page: number) =>
  queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'support-requests', status, q.trim(), page], queryFn: () => getSupportRequests(status, q, page) });

export function useSupportRequests(status: Status, q: string, page: number) {
  return useQuery({ ...supportRequestsQueryOptions(status, q, page), placeholderData: keepPreviousData });
}

/**
 * How many requests are open, for the tab's badge: the open queue's first page, shared with the tab's
 * own default view, looked at again each minute so a portal left open sees new requests come in.
 */
export function useOpenSupportCount(): number | undefined {
  return useQuery({ ...supportRequestsQueryOptions('open', '', 1), select: (page) => page.openCount, refetchInterval: 60_000 }).data;
}
