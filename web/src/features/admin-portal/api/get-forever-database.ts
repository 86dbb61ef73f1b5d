// GET /api/admin/forever-database?q=&page= (admin3 and the master admin): archived registrations with
// who archived them, when and why, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { foreverDatabasePageSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest, withQuery } from './admin-request';
import { ADMIN_LIST_PAGE_SIZE } from './get-users';

const getForeverDatabase = (q: string, page: number) =>
  adminRequest(foreverDatabasePageSchema, 'GET', withQuery('/api/admin/forever-database', { q: q.trim(), page, pageSize: ADMIN_LIST_PAGE_SIZE }));

const foreverDatabaseQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'forever-database', q.trim(), page], queryFn: () => getForeverDatabase(q, page) });

export function useForeverDatabase(q: string, page: number) {
  return useQuery({ ...foreverDatabaseQueryOptions(q, page), placeholderData: keepPreviousData });
}
