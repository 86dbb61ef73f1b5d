// GET /api/admin/registrations-by-geo: active registrations by the registrant's country, most first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationsByGeoSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest } from './admin-request';

const getRegistrationsByGeo = () => adminRequest(registrationsByGeoSchema, 'GET', '/api/admin/registrations-by-geo');

const registrationsByGeoQueryOptions = () => queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'registrations-by-geo'], queryFn: getRegistrationsByGeo });

export function useRegistrationsByGeo() {
  return useQuery(registrationsByGeoQueryOptions());
}
