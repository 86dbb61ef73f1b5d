// POST /api/admin/reset-password: the token of a master admin's reset link and the new password.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema, type StaffPasswordResetRequest } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export function useResetStaffPassword() {
  return useMutation({
    mutationFn: async (input: StaffPasswordResetRequest) => {
      await apiCall('POST', '/api/admin/reset-password', successMessageSchema, input);
    },
  });
}
