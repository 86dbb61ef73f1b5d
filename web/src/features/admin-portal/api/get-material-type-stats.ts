// GET /api/admin/material-type-stats: active registrations per material type, most first, with the latest date.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialTypeStatsSchema } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest } from './admin-request';

const getMaterialTypeStats = () => adminRequest(materialTypeStatsSchema, 'GET', '/api/admin/material-type-stats');

const materialTypeStatsQueryOptions = () => queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'material-type-stats'], queryFn: getMaterialTypeStats });

export function useMaterialTypeStats() {
  return useQuery(materialTypeStatsQueryOptions());
}
