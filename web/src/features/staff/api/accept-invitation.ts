// POST /api/admin/accept-invitation: the invitee's password and both agreements.
import { useMutation } from '@tanstack/react-query';
import type { AcceptInvitationRequest } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: AcceptInvitationRequest) => {
      await apiRequest('POST', '/api/admin/accept-invitation', input);
    },
  });
}
