// Staff two-factor sign-in: POST /api/admin/2fa/enable (a pending secret and its QR code),
// POST /api/admin/2fa/verify (the first code turns it on), DELETE /api/admin/2fa/disable (password).
// Each change refreshes the staff session, which says whether it is on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffTwoFactorStartedSchema, successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { staffSessionQueryOptions } from './get-staff-session';

export type StaffTwoFactorSetup = { secret: string; qrCode: string };

function useStaffSessionMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSessionQueryOptions().queryKey }),
  });
}

export const useStartStaffTwoFactor = () =>
  useMutation({
    mutationFn: async (): Promise<StaffTwoFactorSetup> => {
      const { secret, qrCode } = await apiCall('POST', '/api/admin/2fa/enable', staffTwoFactorStartedSchema);
      return { secret, qrCode };
    },
  });

export const useVerifyStaffTwoFactor = () => useStaffSessionMutation((token: string) => apiCall('POST', '/api/admin/2fa/verify', successMessageSchema, { token }));

export const useDisableStaffTwoFactor = () =>
  useStaffSessionMutation((password: string) => apiCall('DELETE', '/api/admin/2fa/disable', successMessageSchema, { password }));
