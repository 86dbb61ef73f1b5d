// GET /api/user/{id}/registrations (staff only): one creator and every registration of theirs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserRegistrationsSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest } from './admin-request';

const getUserRegistrations = (userId: string) =>
  adminRequest(adminUserRegistrationsSchema, 'GET', `/api/user/${encodeURIComponent(userId)}/registrations`);

const userRegistrationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'user-registrations', userId], queryFn: () => getUserRegistrations(userId) });

export function useUserRegistrations(userId: string) {
  return useQuery(userRegistrationsQueryOptions(userId));
}
