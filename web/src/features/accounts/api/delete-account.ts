// DELETE /api/user/account { password, confirmText }. On success (the server has ended the
// session and cleared its cookie) every cached read is forgotten, and the visitor goes to the landing page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { successMessageSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { paths } from '@/lib/paths';

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
      void navigate(paths.landing, { replace: true });
    },
  });
}
