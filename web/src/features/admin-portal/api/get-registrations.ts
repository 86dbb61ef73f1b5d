// GET /api/admin/registrations?q=&materialType=&page=: active registrations, searched by title, TR
// number or owner e-mail, optionally of one material type, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRegistrationsPageSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest, withQuery } from './admin-request';
import { ADMIN_LIST_PAGE_SIZE } from './get-users';

const getRegistrations = (q: string, materialType: string, page: number) =>
  adminRequest(
    adminRegistrationsPageSchema,
    'GET',
    withQuery('/api/admin/registrations', { q: q.trim(), materialType, page, pageSize: ADMIN_LIST_PAGE_SIZE }),
  );

const registrationsQueryOptions = (q: string, materialType: string, page: number) =>
  queryOptions({
    queryKey: [ADMIN_PORTAL_KEY, 'registrations', q.trim(), materialType, page],
    queryFn: () => getRegistrations(q, materialType, page),
  });

export function useRegistrations(q: string, materialType: string, page: number) {
  return useQuery({ ...registrationsQueryOptions(q, materialType, page), placeholderData: keepPreviousData });
}
