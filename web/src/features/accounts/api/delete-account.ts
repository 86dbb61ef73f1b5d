// DELETE /api/user/account { password, confirmText }. On success (the server has ended the
// session and cleared its cookie) every cached read is forgotten, and so is what the browser kept for
// the user (the wizard draft with their contact details); the visitor goes to the landing page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { forgetSignedInUserData } from '@/lib/user-storage';

async function deleteAccount(input: { password: string; confirmText: string }): Promise<void> {
  await apiCall('DELETE', '/api/user/account', successMessageSchema, input);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      forgetSignedInUserData();
      void navigate(paths.landing, { replace: true });
    },
  });
}
