// The master console's writes: invite, change a role, delete, send a password reset. Each refreshes the Admins list and the
// access log, which the server has already brought up to date when it answers.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  staffInvitedSchema,
  staffRoleChangedSchema,
  successMessageSchema,
  successSchema,
  type InvitableRole,
  type StaffInviteRequest,
} from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { accessLogsQueryOptions } from './get-access-logs';
import { adminsQueryOptions } from './get-admins';

function useConsoleMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
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

export const useInviteAdmin = () => useConsoleMutation((input: StaffInviteRequest) => apiCall('POST', '/api/master-admin/invite', staffInvitedSchema, input));

export const useChangeAdminRole = () =>
  useConsoleMutation(({ id, role }: { id: string; role: InvitableRole }) => apiCall('PUT', `/api/master-admin/admins/${id}/role`, staffRoleChangedSchema, { role }));

export const useDeleteAdmin = () => useConsoleMutation((id: string) => apiCall('DELETE', `/api/master-admin/admins/${id}`, successSchema));

export const useSendPasswordReset = () =>
  useConsoleMutation((id: string) => apiCall('POST', `/api/master-admin/admins/${id}/password-reset`, successMessageSchema, {}));
