// POST /api/admin/login or /api/master-admin/login. The answer's token is left alone: the server
// also set it as an HttpOnly cookie, which is all the web app uses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffLoginResponseSchema, type SignedInStaff, type StaffLoginRequest } from '@titleledger/api/schemas';

import { setAdminMode } from '@/lib/admin-mode';
import { apiCall } from '@/lib/api-client';

import { staffSessionQueryOptions } from './get-staff-session';

export type StaffPortal = 'admin' | 'master-admin';

async function staffLogin(portal: StaffPortal, input: StaffLoginRequest): Promise<SignedInStaff> {
  return (await apiCall('POST', `/api/${portal}/login`, staffLoginResponseSchema, input)).admin;
}

export function useStaffLogin(portal: StaffPortal) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffLoginRequest) => staffLogin(portal, input),
    onSuccess: (admin) => {
      setAdminMode(true);
      queryClient.setQueryData(staffSessionQueryOptions().queryKey, admin);
    },
  });
}
