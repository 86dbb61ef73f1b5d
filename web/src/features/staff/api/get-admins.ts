// GET /api/master-admin/admins: every staff account but the deleted ones (seed 3.9 fields).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffAccount } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

async function getAdmins(): Promise<StaffAccount[]> {
  const response = await apiRequest('GET', '/api/master-admin/admins');
  return ((await response.json()) as { admins: StaffAccount[] }).admins;
}

export const adminsQueryOptions = () => queryOptions({ queryKey: ['/api/master-admin/admins'], queryFn: getAdmins });

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}
