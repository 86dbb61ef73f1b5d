// The master console's writes: invite, change a role, delete. Each refreshes the Admins list and the
// access log, which the server has already brought up to date when it answers.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitableRole, StaffInviteRequest } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

import { accessLogsQueryOptions } from './get-access-logs';
import { adminsQueryOptions } from './get-admins';

function useConsoleMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: accessLogsQueryOptions().queryKey }),
      ]);
    },
  });
}

export const useInviteAdmin = () => useConsoleMutation((input: StaffInviteRequest) => apiRequest('POST', '/api/master-admin/invite', input));

export const useChangeAdminRole = () =>
  useConsoleMutation(({ id, role }: { id: string; role: InvitableRole }) => apiRequest('PUT', `/api/master-admin/admins/${id}/role`, { role }));

export const useDeleteAdmin = () => useConsoleMutation((id: string) => apiRequest('DELETE', `/api/master-admin/admins/${id}`));
