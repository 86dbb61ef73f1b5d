// GET /api/master-admin/admins: every staff account but the deleted ones (seed 3.9 fields).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffListResponseSchema, type StaffAccount } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getAdmins(): Promise<StaffAccount[]> {
  return (await apiCall('GET', '/api/master-admin/admins', staffListResponseSchema)).admins;
}

export const adminsQueryOptions = () => queryOptions({ queryKey: ['/api/master-admin/admins'], queryFn: getAdmins });

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}
