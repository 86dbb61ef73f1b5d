// POST /api/admin/accept-invitation: the invitee's password and both agreements.
import { useMutation } from '@tanstack/react-query';
import { successMessageSchema, type AcceptInvitationRequest } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: AcceptInvitationRequest) => {
      await apiCall('POST', '/api/admin/accept-invitation', successMessageSchema, input);
    },
  });
}
