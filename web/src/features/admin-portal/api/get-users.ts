// GET /api/admin/users?q=&page=: creator accounts, searched by e-mail or name, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest, withQuery } from './admin-request';

export const ADMIN_LIST_PAGE_SIZE = 20;

const getUsers = (q: string, page: number) =>
  adminRequest(adminUsersPageSchema, 'GET', withQuery('/api/admin/users', { q: q.trim(), page, pageSize: ADMIN_LIST_PAGE_SIZE }));

const usersQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'users', q.trim(), page], queryFn: () => getUsers(q, page) });

export function useUsers(q: string, page: number) {
  return useQuery({ ...usersQueryOptions(q, page), placeholderData: keepPreviousData });
}
